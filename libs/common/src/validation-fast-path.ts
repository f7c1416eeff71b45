import { getMetadataStorage, ValidationTypes, ValidatorOptions } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Metadata = ReturnType<Storage['getTargetValidationMetadatas']>[number];
type Grouped = ReturnType<Storage['groupByPropertyName']>;
type Constraint = ReturnType<Storage['getTargetValidatorConstraints']>[number];

/** A rule with the constraint classes that check it, looked up once. */
interface Rule {
  metadata: Metadata;
  constraints: Constraint[];
}

/** A property's rules, sorted by kind once instead of filtered on every validation. */
interface PropertyRules {
  name: string;
  conditions: Metadata[];
  defined: Rule[];
  custom: Rule[];
  nested: Metadata[];
  /** A promise-valued property with a promise rule: validated once it settles, which only the full validation does. */
  awaitsPromise: boolean;
  /** An asynchronous constraint: only the full validation awaits it. */
  answersLater: boolean;
}

/**
 * Keyed by class-validator's grouping of a class's rules, which
 * `cacheValidationMetadata` keeps as one object per class until a rule or
 * constraint is registered; without it every validation sorts them afresh.
 */
const rulesByGrouping = new WeakMap<Grouped, PropertyRules[]>();

function rulesOf(storage: Storage, grouped: Grouped): PropertyRules[] {
  let rules = rulesByGrouping.get(grouped);
  if (rules) return rules;
  const rule = (metadata: Metadata): Rule => ({ metadata, constraints: storage.getTargetValidatorConstraints(metadata.constraintCls) });
  rules = Object.keys(grouped).map((name) => {
    const all = grouped[name];
    const rest = all.filter((m) => m.type !== ValidationTypes.IS_DEFINED && m.type !== ValidationTypes.WHITELIST);
    const defined = all.filter((m) => m.type === ValidationTypes.IS_DEFINED).map(rule);
    const custom = rest.filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION).map(rule);
    return {
      name,
      conditions: rest.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION),
      defined,
      custom,
      // Only nested rules: a promise rule nests nothing once the value is not a promise.
      nested: rest.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION),
      awaitsPromise: rest.some((m) => m.type === ValidationTypes.PROMISE_VALIDATION),
      answersLater: [...defined, ...custom].some((r) => r.constraints.some((c) => c.async)),
    };
  });
  rulesByGrouping.set(grouped, rules);
  return rules;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * Walks class-validator's own metadata the way its ValidationExecutor does,
 * calling the same constraint functions with the same arguments, but builds
 * no error objects: it can only say "nothing wrong". Anything it does not
 * model (async constraints, sets and maps, promise-valued properties, options
 * that strip fields) answers "cannot tell", and the full validation decides.
 */
class FastCheck {
  private readonly storage = getMetadataStorage();
  private readonly forbidUnknownValues: boolean;

  constructor(private readonly options: ValidatorOptions) {
    this.forbidUnknownValues = options.forbidUnknownValues !== false;
  }

  passes(object: object, targetSchema: string | undefined): boolean {
    const { groups, strictGroups = false, always = false } = this.options;
    // class-validator passes the schema name through although its type says string.
    const metadatas = this.storage.getTargetValidationMetadatas(object.constructor, targetSchema as string, always, strictGroups, groups);
    if (metadatas.length === 0 && this.forbidUnknownValues) return false;
    const grouped = this.storage.groupByPropertyName(metadatas);
    const record = object as Record<string, unknown>;
    // With `whitelist`, a field without rules is refused or deleted: either way the full validation's work.
    if (this.options.whitelist) {
      for (const name of Object.keys(record)) if (!grouped[name]?.length) return false;
    }
    const targetName = object.constructor?.name;
    for (const rules of rulesOf(this.storage, grouped)) {
      if (!this.propertyPasses(record, targetName, record[rules.name], rules)) return false;
    }
    return true;
  }

  private propertyPasses(object: Record<string, unknown>, targetName: string, value: unknown, rules: PropertyRules): boolean {
    if ((rules.awaitsPromise && value instanceof Promise) || rules.answersLater) return false;
    // Every condition is evaluated, as class-validator does, before any rule.
    let conditionsHold = true;
    for (const condition of rules.conditions) if (!(condition.constraints[0] as (o: object, v: unknown) => boolean)(object, value)) conditionsHold = false;
    if (!conditionsHold) return true;
    if (!this.rulesPass(object, targetName, value, rules.defined)) return false;
    const { skipUndefinedProperties, skipNullProperties, skipMissingProperties } = this.options;
    if (value === undefined && skipUndefinedProperties === true) return true;
    if (value === null && skipNullProperties === true) return true;
    if ((value === null || value === undefined) && skipMissingProperties === true) return true;
    return this.rulesPass(object, targetName, value, rules.custom) && this.nestedPasses(value, rules.nested);
  }

  private rulesPass(object: Record<string, unknown>, targetName: string, value: unknown, rules: Rule[]): boolean {
    if (rules.length === 0) return true;
    if (value instanceof Set || value instanceof Map) return false;
    for (const { metadata, constraints } of rules) {
      if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
      for (const constraint of constraints) {
        const args = { targetName, property: metadata.propertyName, object, value, constraints: metadata.constraints };
        if (metadata.each && Array.isArray(value)) {
          for (const item of value) if (!this.holds(constraint.instance.validate(item, args))) return false;
        } else if (!this.holds(constraint.instance.validate(value, args))) {
          return false;
        }
      }
    }
    return true;
  }

  private holds(valid: unknown): boolean {
    if (!isThenable(valid)) return Boolean(valid);
    // Declared synchronous yet answered later: the full validation awaits it; this one must not leave it unhandled.
    Promise.resolve(valid).catch(() => undefined);
    return false;
  }

  private nestedPasses(value: unknown, metadatas: Metadata[]): boolean {
    if (value === undefined || metadatas.length === 0) return true;
    return metadatas.every((metadata) => this.nestedValuePasses(value, metadata));
  }

  private nestedValuePasses(value: unknown, metadata: Metadata): boolean {
    if (value instanceof Set || value instanceof Map) return false;
    if (Array.isArray(value)) return value.every((item) => item !== undefined && this.nestedValuePasses(item, metadata));
    if (!(value instanceof Object)) return false;
    const targetSchema = typeof metadata.target === 'string' ? metadata.target : metadata.target.name;
    return this.passes(value, targetSchema);
  }
}

/**
 * True only when class-validator's `validate(object, options)` would find
 * nothing wrong; false when it would, or when this check cannot tell. A valid
 * request is the common case, and validating it this way skips the error
 * objects class-validator builds for every property and then throws away
 * (the largest share of the gateway's allocations per request). A false
 * answer is followed by the full validation, which alone words the errors.
 */
export function passesValidation(object: object, options: ValidatorOptions = {}): boolean {
  return new FastCheck(options).passes(object, undefined);
}
