/** Where Connect onboarding returns a merchant who gave no return_url. */
export const CONNECT_COMPLETE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Onboarding submitted</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1>Onboarding submitted</h1>
<p>Your payment account is being reviewed. GET /v1/merchants/me shows its status; you can close this window.</p>
</body></html>
`;
