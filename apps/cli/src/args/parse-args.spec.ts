import { listOption, optionValue, parseArgs, requiredOption, UsageError } from './parse-args';

describe('parseArgs', () => {
  it('splits words, value options (both spellings) and flags', () => {
    const args = parseArgs(['listen', '--forward-to', 'http://localhost:4242/hooks', '--events=delivery.created,delivery.delivered', '--json']);
    expect(args.words).toEqual(['listen']);
    expect(args.options).toEqual({ 'forward-to': 'http://localhost:4242/hooks', events: 'delivery.created,delivery.delivered', json: true });
    expect(listOption(args, 'events')).toEqual(['delivery.created', 'delivery.delivered']);
  });

  it('keeps words after options and after --', () => {
    expect(parseArgs(['deliveries', '--json', 'get', 'del_test_1']).words).toEqual(['deliveries', 'get', 'del_test_1']);
    expect(parseArgs(['events', '--', '--odd']).words).toEqual(['events', '--odd']);
  });

  it('refuses an option without its value instead of taking the next option', () => {
    expect(() => parseArgs(['login', '--mode'])).toThrow(UsageError);
    expect(() => parseArgs(['login', '--mode', '--json'])).toThrow('--mode needs a value');
  });

  it('says which option is missing or empty', () => {
    const args = parseArgs(['listen', '--events', ' , ']);
    expect(() => requiredOption(args, 'forward-to')).toThrow('--forward-to is required');
    expect(() => listOption(args, 'events')).toThrow('--events needs at least one value');
    expect(optionValue(args, 'mode')).toBeUndefined();
  });
});
