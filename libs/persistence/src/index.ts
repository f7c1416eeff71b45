export * from './data-source.options';
export * from './run-migrations';
export * from './jsonb-key-renames';
export * from './prepared-statement';
export * from './entity-statement';
export * from './scope-matches';
