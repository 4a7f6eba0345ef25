// /login: sign in (POST /api/session); then the lobby or `?next=`.

import { accountForm } from "./account.js";

accountForm("/api/session");
