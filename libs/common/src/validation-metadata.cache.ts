import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = Storage['getTargetValidationMetadatas'];

let installed = false;

/**
 * class-validator looks up a class's rules on every validation, walking every
 * registered class for inherited ones (`instanceof` against each): about 2 %
 * of the gateway's and quote-service's CPU under load (issue 16 profiles),
 * for an answer that only changes when a decorator registers a rule. Cached
 * per class and options here (and each answer's grouping by property), and dropped whenever a rule or constraint is
 * registered, so a class loaded later is never validated with stale rules.
 * Installed once per process, before the first validation.
 */
export function cacheValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const lookUp: TargetMetadatas = storage.getTargetValidationMetadatas.bind(storage);
  let cache = new WeakMap<object, Map<string | undefined, ReturnType<TargetMetadatas>>>();
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    // Without groups (every validation here) the schema name alone tells the lookups apart: no key to build.
    const key = always || strictGroups || groups?.length ? `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}` : targetSchema;
    let byOptions = cache.get(targetConstructor);
    if (!byOptions) cache.set(targetConstructor, (byOptions = new Map()));
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = lookUp(targetConstructor, targetSchema, always, strictGroups, groups)));
    return metadatas;
  };
  // Asked of each looked-up list in turn: the cached lists are the same objects each time, so their grouping is too.
  const groupBy = storage.groupByPropertyName.bind(storage);
  const grouped = new WeakMap<ReturnType<TargetMetadatas>, ReturnType<Storage['groupByPropertyName']>>();
  storage.groupByPropertyName = (metadatas) => {
    let byProperty = grouped.get(metadatas);
    if (!byProperty) grouped.set(metadatas, (byProperty = groupBy(metadatas)));
    return byProperty;
  };
  const clearing =
    <A extends unknown[]>(register: (...args: A) => void) =>
    (...args: A) => {
      cache = new WeakMap();
      register(...args);
    };
  storage.addValidationMetadata = clearing(storage.addValidationMetadata.bind(storage));
  storage.addConstraintMetadata = clearing(storage.addConstraintMetadata.bind(storage));
  storage.addValidationSchema = clearing(storage.addValidationSchema.bind(storage));
}
