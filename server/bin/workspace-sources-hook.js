'use strict';
// Loading this file makes Node resolve the workspace packages to their sources (see ts-register.js).
require('./ts-register').resolveWorkspaceSources();
