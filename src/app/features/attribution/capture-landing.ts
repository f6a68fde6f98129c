import { rememberLandingAttribution } from "./attribution-store";

// Imported for its effect by the static-page enhancer (marketing pages ship no React, decision 010): the
// landing visit's utm_ parameters and click ids are kept before anyone signs up (issue 20).
rememberLandingAttribution();
