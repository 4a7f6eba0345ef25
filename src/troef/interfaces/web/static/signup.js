// /signup: a new account (POST /api/accounts), signed in at once; then the lobby or `?next=`.

import { accountForm } from "./account.js";

accountForm("/api/accounts");
