import { ApiTags } from '@nestjs/swagger';

/**
 * The tags of the OpenAPI document, in product order: Swagger UI and the generated clients show
 * the areas in this order, so this list is the one place that decides it. A new area gets its
 * entry here, where it belongs in the product (watch lists after legal records, monitoring after
 * watch lists), and its controllers name it with {@link ApiTag}.
 */
export const API_TAGS = [
  {
    name: 'Candidate screening',
    description:
      'Register candidates (one by one or in batches), follow their processes, supply what the candidate provides and download the report',
  },
  {
    name: 'Legal records',
    description:
      'Search lawsuits by name (billed per search), page and filter the stored matches, open a record',
  },
  {
    name: 'Watch lists',
    description:
      'The official lists (SAT articles 69-B and 69, OFAC SDN, UN Security Council, PEPs) the screening processes read, and screening a name against them without a registration (billed per screening)',
  },
  {
    name: 'Monitoring',
    description:
      'Keep a screened candidate request under watch (billed per month): when a list changes or a legal-records ingest adds a person, the candidate is compared with what changed and an alert raised once (`monitor.alert_raised` event); review alerts',
  },
  {
    name: 'Reviews',
    description:
      "A person's decision on each finding (a list match, a person BGC Legal found): dismissed findings stop counting and are remembered when the request runs again, confirmed alerts raise the request's `reviewedResult`; the candidate's disputes",
  },
  {
    name: 'Events and webhooks',
    description:
      'Every change the service makes as an event: read the event log, or have each event pushed to your webhook endpoints (Standard Webhooks: signed, retried, in order per candidate request)',
  },
  {
    name: 'Usage',
    description: 'What was billed, per day or month, from the billing ledger',
  },
  {
    name: 'Accounts',
    description:
      "A client's users (invitations mailed with a link, roles, disabling, password resets) and API keys (for integrators' backends: `Authorization: Bearer sk_...`, revocable, with a role); admins only, but for the links of the mails",
  },
  {
    name: 'Privacy',
    description:
      "Personal data under the LFPDPPP: the client's privacy notices and the consent each registration records; retention (how long a request or a search stays readable, then blocked with 410, before its personal data is erased); the ARCO requests (access, rectification, cancellation, opposition) of the people screened, with their due dates and effects. Admins, but for reading the notices",
  },
  {
    name: 'Authentication',
    description: 'Sign-in, token refresh and sign-out',
  },
  {
    name: 'Health',
    description: 'Liveness and readiness of the api and its dependencies',
  },
] as const;

export type ApiTagName = (typeof API_TAGS)[number]['name'];

/** The one tag of a controller's operations: one of {@link API_TAGS}. */
export const ApiTag = (name: ApiTagName) => ApiTags(name);
