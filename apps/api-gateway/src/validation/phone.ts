/** A phone number as people write it: digits with spaces, dots, dashes, brackets and an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,20}$/;
