/**
 * How the public documentation names the time zone of calendar days and periods: by what it is
 * for the client, not by the setting an operator changes.
 */
export const SERVICE_TIME_ZONE =
  "the service's time zone (America/Mexico_City unless the operator sets another)";
