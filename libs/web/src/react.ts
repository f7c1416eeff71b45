// The React pieces the web apps share: the app's start, the token sign-in page, a ticking clock.
export * from './react/render-app';
export * from './react/TokenSignInPage';
export * from './react/use-now';
