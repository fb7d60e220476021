const escape = (v: string): string =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function signInPage(input: { action: string; params: Record<string, string>; csrf: string; error?: string; email?: string }): string {
  const hidden = Object.entries(input.params)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in · eventline</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; display: grid; place-items: center; min-height: 100vh; }
    main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.1); width: min(360px, 90vw); box-sizing: border-box; }
    h1 { font-size: 1.3rem; margin-top: 0; }
    label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
    input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #999; border-radius: 4px; }
    button { margin-top: 1.5rem; width: 100%; padding: .7rem; font-size: 1rem; background: #1f5fbf; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
    button:focus-visible, input:focus-visible { outline: 3px solid #ffbf47; }
    .error { color: #b00020; margin-top: 1rem; }
    p.note { color: #555; font-size: .85rem; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in to eventline</h1>
    <p class="note">Planners and administrators sign in here. Developers use the developer portal.</p>
    <form method="post" action="${escape(input.action)}">
      ${hidden}
      <input type="hidden" name="csrf" value="${escape(input.csrf)}">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required value="${escape(input.email ?? '')}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      ${input.error ? `<p class="error" role="alert" id="signin-error">${escape(input.error)}</p>` : ''}
      <button type="submit">Sign in</button>
    </form>
  </main>
</body>
</html>`;
}

// What a person can do about each refusal of the authorization request. The technical
// reason is kept beneath, for whoever set the client up.
function explain(message: string): string {
  if (/redirect_uri/.test(message)) {
    return 'The page that started this sign-in is not one eventline knows for this application, so it cannot send you back there. '
      + 'If you opened eventline at a different address than usual, open it at its usual address and sign in again.';
  }
  if (/client_id|client/i.test(message)) {
    return 'The application that sent you here is not known to eventline (it may have been revoked). Ask its developer for help.';
  }
  return 'This sign-in link is incomplete or out of date. Go back to eventline and sign in again.';
}

/** The page shown when an authorization request cannot be answered with a redirect (RFC 6749 §4.1.2.1). */
export function errorPage(message: string, home: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign-in problem · eventline</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; display: grid; place-items: center; min-height: 100vh; color: #1b1f24; }
    main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.1); width: min(520px, 92vw); box-sizing: border-box; }
    h1 { font-size: 1.3rem; margin-top: 0; }
    a.button { display: inline-block; margin-top: .5rem; padding: .6rem 1rem; background: #1f5fbf; color: #fff; border-radius: 4px; text-decoration: none; }
    a:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
    details { margin-top: 1.5rem; color: #555; font-size: .9rem; }
  </style>
</head>
<body>
  <main>
    <h1>We could not sign you in</h1>
    <p role="alert">${escape(explain(message))}</p>
    <p><a class="button" href="${escape(home)}">Go back to eventline</a></p>
    <details><summary>Technical details</summary><p>${escape(message)}</p></details>
  </main>
</body>
</html>`;
}
