import {
  ADVANCE_CLIENT_CURSORS,
  ADVANCE_CURSOR,
  ANY_EVENT_AFTER,
  DROP_PASSED_CLIENT_CURSORS,
  INSERT_DELIVERIES,
  LOCK_CURSOR,
  READ_CHAIN_LINKS,
  READ_EVENTS_OF_CLIENTS,
  READ_LAST_BELOW,
  READ_SUBSCRIPTIONS,
  READ_WEBHOOKS_LEFT,
  WebhookDispatchRepository,
} from './webhook-dispatch.repository';
import {
  CLIENT_EXISTS,
  INSERT_CLIENT,
  INSERT_PACKAGE,
  OnboardingRepository,
  READ_CLIENT,
  READ_PACKAGE,
} from './onboarding.repository';
import {
  BLOCK_DUE_SEARCHES,
  BLOCK_REQUESTS,
  BLOCK_REQUESTS_NOW,
  BLOCK_SEARCHES_NOW,
  LOCK_DUE_REQUEST_SUPPRESSIONS,
  LOCK_DUE_SEARCH_SUPPRESSIONS,
  LOCK_RETENTION_SETTINGS,
  LOCK_UNBLOCKED_REQUESTS,
  READ_BLOCKING_CANDIDATES,
  READ_CLIENTS_RETENTION,
  READ_REQUEST_RETENTION,
  READ_RETENTION_SETTINGS,
  RetentionRepository,
  STOP_MONITORS_OF_REQUESTS,
  SUPPRESS_REQUESTS,
  SUPPRESS_SEARCHES,
  UPDATE_RETENTION_SETTINGS,
} from './retention.repository';
import {
  ApiKeyRepository,
  INSERT_API_KEY,
  MARK_API_KEYS_USED,
  READ_API_KEY_GRANT,
  READ_API_KEYS_OF_CLIENTS,
  REVOKE_API_KEY,
} from './api-key.repository';
import {
  AuthSessionRepository,
  INSERT_REFRESH_TOKEN,
  INSERT_SESSION,
  READ_REFRESH_TOKEN,
  READ_SESSION_GRANT,
  READ_SESSION_OF_TOKEN,
  RETIRE_REFRESH_TOKEN,
  REVOKE_SESSION,
} from './auth-session.repository';
import {
  ACTIVATE_MEMBERSHIP,
  CHANGE_MEMBERSHIP,
  COUNT_MEMBERS,
  DISABLE_MEMBERSHIPS,
  END_SESSIONS,
  INSERT_INVITATION,
  INSERT_INVITED_USER,
  LOCK_CLIENT_MEMBERSHIPS,
  LOCK_MEMBERSHIP,
  LOCK_USER_BY_EMAIL,
  MembershipRepository,
  READ_ALL_MEMBERS,
  READ_CLIENT_NAME,
  READ_CLIENTS_OF_USER,
  READ_INVITATION_BY_TOKEN,
  READ_MEMBER,
  READ_MEMBER_BY_EMAIL,
  READ_MEMBER_PAGE,
  RETIRE_ALL_INVITATIONS,
  RETIRE_INVITATIONS,
  SET_PASSWORD_AND_DEFAULT_CLIENT,
  UPSERT_INVITED_MEMBERSHIP,
  USE_INVITATION,
} from './membership.repository';
import { READ_USER_BY_EMAIL, READ_USER_BY_ID, RECORD_SIGN_IN, UserRepository } from './user.repository';
import {
  INSERT_NOTICE,
  PrivacyNoticeRepository,
  READ_NOTICE_VERSIONS,
  READ_NOTICES,
} from './privacy-notice.repository';
import {
  END_OPEN_RESETS,
  INSERT_RESET,
  LOCK_RESETTABLE_USER,
  PasswordResetRepository,
  READ_RESET_BY_TOKEN,
  SET_PASSWORD,
  USE_RESET,
} from './password-reset.repository';
import {
  DISABLE_ENDPOINT,
  PAGE_DELIVERIES,
  READ_FOR_ATTEMPTS,
  READ_OVERDUE,
  READ_STUCK_CHAIN_LINKS,
  RELEASE_MANY,
  RELEASE_WAITING,
  RESCHEDULE_NOW,
  WebhookDeliveryRepository,
} from './webhook-delivery.repository';
import { BillingLedgerRepository, COUNT_CHARGES_PER_DAY } from './billing-ledger.repository';
import { READ_SERVICE_STATE, ServiceStateRepository } from './service-state.repository';
import { BatchRepository, INSERT_BATCH, READ_BATCH } from './batch.repository';
import { WatchListScreeningRepository } from './watch-list-screening.repository';
import {
  AuditRepository,
  READ_AUDIT_CHAIN_AFTER,
  READ_AUDIT_HEAD,
  READ_AUDIT_OF_SUBJECTS,
} from './audit.repository';
import { CandidateReportRepository, READ_REPORT_INPUT } from './candidate-report.repository';
import {
  CandidateRequestRepository,
  COUNT_LIST,
  READ_LIST,
  READ_OVERVIEW,
  READ_PROCESS,
  READ_RECENT_DURATIONS,
} from './candidate-request.repository';
import type { HotStatement, Inputs } from './hot-sql';
import {
  ADD_JOBS,
  APPEND_AUDIT_EVENTS,
  APPEND_CLIENT_EVENTS,
  APPEND_EVENT_WITH_ID,
  APPEND_EVENTS,
  APPLY_STEPS,
  CLAIM_KEYS,
  INSERT_ALERTS,
  INSERT_REGISTRATIONS,
  INSERT_SCREENINGS,
  INSERT_SEARCH,
  INSERT_SEARCH_SLICE,
  REARM_JOBS,
  RECORD_ATTEMPTS,
  UNLOCK_ONCE,
} from './hot-statements';
import { EventRepository, LOCATE_EVENT, PURGE_EVENTS, READ_EVENT_PAGE } from './event.repository';
import {
  CLAIM_KEY,
  COMPLETE_KEY,
  IdempotencyRepository,
  PURGE_KEYS,
  READ_STORED,
} from './idempotency.repository';
import {
  CHARGE_SEARCH_EVENT,
  LegalSearchRepository,
  READ_SEARCH_MATCH,
  READ_SEARCH_PAGE,
  READ_SEARCH_PAGE_SLICE,
  READ_UNLOCK,
} from './legal-search.repository';
import {
  CHARGE_MONTHS,
  COUNT_OPEN_ALERTS,
  EXPIRE_MONITORS,
  INSERT_MONITOR,
  MonitorRepository,
  PAGE_ALERTS_OF_CLIENTS,
  PAGE_ALERTS_OF_MONITOR,
  PAGE_MONITORS,
  READ_ALERTS_OF_MONITORS,
  READ_CHARGEABLE,
  READ_MONITOR,
  READ_MONITORED_REQUEST,
  READ_MONITORS_OF_IDS,
  READ_WATCHED_NAMES,
  REVIEW_ALERT,
  SET_LEGAL_KEYS,
  STOP_MONITOR,
  STOP_WATCHING,
} from './monitor.repository';
import {
  MonitorActivationRepository,
  READ_ACTIVE_WATCHING,
  READ_LEGAL_PAIRS,
  READ_MONITORED_SINCE,
} from './monitor-activation.repository';
import {
  MARK_PUBLISHED,
  OutboxRepository,
  PURGE_PUBLISHED,
  READ_OLDEST_UNPUBLISHED_AGE,
  SWEEP_JOBS,
} from './outbox.repository';
import { PersonalDataEraser } from './personal-data-eraser';
import { PrivacyExportRepository, READ_EXPORTED_REQUESTS } from './privacy-export.repository';
import {
  ANNOUNCE_DUE_SOON,
  INSERT_PRIVACY_REQUEST,
  LOCK_PRIVACY_REQUEST,
  PAGE_PRIVACY_REQUESTS,
  PrivacyRequestRepository,
  READ_CANDIDATES_LIKE,
  READ_GRANTED_OPPOSITIONS_LIKE,
  READ_MONITORS_OF,
  READ_PRIVACY_REQUEST,
  READ_SEARCHES_NAMED,
  RESOLVE_PRIVACY_REQUEST,
} from './privacy-request.repository';
import {
  CANCEL_ENDPOINT_DELIVERIES,
  COUNT_ENDPOINTS,
  DELETE_ENDPOINT,
  INSERT_ENDPOINT,
  LOCK_CLIENT,
  READ_ENDPOINT,
  READ_ENDPOINT_PAGE,
  ROTATE_SECRET,
  UPDATE_ENDPOINT,
  WebhookEndpointRepository,
} from './webhook-endpoint.repository';
import {
  ANALYZE_ENTRIES,
  INSERT_VERSION,
  LOCK_SOURCE,
  NOTIFY_ACTIVATION,
  READ_ACTIVE_VERSION,
  READ_ACTIVE_VERSIONS,
  READ_ENTRIES_BY_KEYS,
  READ_ENTRIES_BY_KEYS_RAW,
  READ_HAS_VERSION,
  READ_INDEXED_ENTRIES,
  READ_NEXT_VERSION,
  SUPERSEDE_VERSION,
  WatchListRepository,
} from './watch-list.repository';
import {
  INSERT_DISPUTE,
  INSERT_REVIEW,
  LOCK_REQUEST_UNDER_REVIEW,
  READ_CONFIRMED_ALERTS,
  READ_DECISIONS_AND_DISPUTES,
  READ_DISPUTES_OF_REQUEST,
  READ_EXPORTED_DISPUTES,
  READ_EXPORTED_REVIEWS,
  READ_IMPORTED_ENTRIES,
  READ_REQUEST_OF_ALERT,
  READ_REQUEST_UNDER_REVIEW,
  READ_REVIEWED_PROCESSES,
  READ_REVIEWS_OF_PROCESS,
  ReviewRepository,
  WRITE_CONFIRMED_ALERT_RESULT,
  WRITE_PROCESS_REVIEWS,
} from './review.repository';
import {
  ProcessExecutionRepository,
  READ_QUEUED_SINCE,
  READ_SNAPSHOT_BY_REQUEST,
  READ_SNAPSHOTS_BY_PROCESSES,
} from './process-execution.repository';

/**
 * Every declared statement (hot-sql.ts, read-sql.ts), by the repository method that runs it
 * (docs/architecture.md, "Typed SQL from one column map"). `statement-catalogue.spec.ts` snapshots
 * their SQL and checks that every method of a catalogued repository is either here, or named as
 * running no SQL of its own, or named as still written by hand: the list of what is left to declare.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a statement of any inputs and rows
export type AnyStatement = HotStatement<Inputs, any>;

export interface CatalogueEntry {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any repository class
  repository: abstract new (...args: any[]) => unknown;
  /** The declared statements each method runs. */
  methods: Record<string, readonly AnyStatement[]>;
  /** Methods that run only other methods' statements (a group commit, a delegation). */
  noSqlOfTheirOwn?: readonly string[];
  /** Methods whose SQL is still a hand-written string. */
  handWritten?: readonly string[];
}

export const STATEMENT_CATALOGUE: Record<string, CatalogueEntry> = {
  WebhookDeliveryRepository: {
    repository: WebhookDeliveryRepository,
    methods: {
      recordMany: [RECORD_ATTEMPTS, RELEASE_MANY],
      list: [PAGE_DELIVERIES.rows, PAGE_DELIVERIES.count],
      rescheduleNow: [RESCHEDULE_NOW],
      forAttempts: [READ_FOR_ATTEMPTS],
      release: [RELEASE_MANY],
      releaseStuckChains: [READ_STUCK_CHAIN_LINKS, RELEASE_WAITING],
      disableEndpoint: [DISABLE_ENDPOINT],
      overdue: [READ_OVERDUE],
    },
    noSqlOfTheirOwn: ['recordAttempt', 'inTransaction'],
  },
  PasswordResetRepository: {
    repository: PasswordResetRepository,
    methods: {
      open: [LOCK_RESETTABLE_USER, END_OPEN_RESETS, INSERT_RESET],
      byToken: [READ_RESET_BY_TOKEN],
      // Then MembershipRepository's endSessions.
      complete: [USE_RESET, SET_PASSWORD, END_SESSIONS],
    },
  },
  ApiKeyRepository: {
    repository: ApiKeyRepository,
    methods: {
      create: [INSERT_API_KEY],
      listForClients: [READ_API_KEYS_OF_CLIENTS],
      revoke: [REVOKE_API_KEY],
      findByHash: [READ_API_KEY_GRANT],
      markUsed: [MARK_API_KEYS_USED],
    },
  },
  AuthSessionRepository: {
    repository: AuthSessionRepository,
    methods: {
      startSession: [INSERT_SESSION, INSERT_REFRESH_TOKEN],
      rotate: [READ_REFRESH_TOKEN, RETIRE_REFRESH_TOKEN, INSERT_REFRESH_TOKEN],
      revokeByToken: [READ_SESSION_OF_TOKEN],
      revokeSession: [REVOKE_SESSION],
      findActiveSessionGrant: [READ_SESSION_GRANT],
    },
  },
  MembershipRepository: {
    repository: MembershipRepository,
    methods: {
      page: [READ_MEMBER_PAGE, COUNT_MEMBERS],
      all: [READ_ALL_MEMBERS],
      member: [READ_MEMBER],
      memberByEmail: [READ_MEMBER_BY_EMAIL],
      clientName: [READ_CLIENT_NAME],
      invite: [
        READ_CLIENT_NAME,
        INSERT_INVITED_USER,
        LOCK_USER_BY_EMAIL,
        LOCK_MEMBERSHIP,
        UPSERT_INVITED_MEMBERSHIP,
        RETIRE_INVITATIONS,
        INSERT_INVITATION,
      ],
      invitationByToken: [READ_INVITATION_BY_TOKEN],
      accept: [USE_INVITATION, ACTIVATE_MEMBERSHIP, SET_PASSWORD_AND_DEFAULT_CLIENT],
      change: [LOCK_CLIENT_MEMBERSHIPS, CHANGE_MEMBERSHIP, RETIRE_INVITATIONS, END_SESSIONS, READ_MEMBER],
      disableEverywhere: [
        LOCK_USER_BY_EMAIL,
        DISABLE_MEMBERSHIPS,
        READ_CLIENTS_OF_USER,
        RETIRE_ALL_INVITATIONS,
        END_SESSIONS,
      ],
    },
  },
  OnboardingRepository: {
    repository: OnboardingRepository,
    methods: {
      clientExists: [CLIENT_EXISTS],
      createClient: [INSERT_CLIENT, READ_CLIENT],
      createPackage: [INSERT_PACKAGE, READ_PACKAGE],
    },
  },
  RetentionRepository: {
    repository: RetentionRepository,
    methods: {
      settings: [READ_RETENTION_SETTINGS],
      changeSettings: [LOCK_RETENTION_SETTINGS, UPDATE_RETENTION_SETTINGS],
      clients: [READ_CLIENTS_RETENTION],
      blockingCandidates: [READ_BLOCKING_CANDIDATES],
      blockRequests: [LOCK_UNBLOCKED_REQUESTS, READ_REQUEST_RETENTION, BLOCK_REQUESTS, APPEND_CLIENT_EVENTS],
      blockDueSearches: [BLOCK_DUE_SEARCHES],
      // With PersonalDataEraser.erase (hand-written) between the lock and the mark.
      suppressDueRequests: [LOCK_DUE_REQUEST_SUPPRESSIONS, SUPPRESS_REQUESTS, APPEND_CLIENT_EVENTS],
      suppressDueSearches: [LOCK_DUE_SEARCH_SUPPRESSIONS, SUPPRESS_SEARCHES],
      blockNow: [BLOCK_REQUESTS_NOW, STOP_MONITORS_OF_REQUESTS, APPEND_CLIENT_EVENTS, BLOCK_SEARCHES_NOW],
    },
  },
  WebhookDispatchRepository: {
    repository: WebhookDispatchRepository,
    methods: {
      webhooksLeft: [READ_WEBHOOKS_LEFT],
      lockCursor: [LOCK_CURSOR],
      anyAfter: [ANY_EVENT_AFTER],
      eventsOfClients: [READ_EVENTS_OF_CLIENTS],
      lastBelow: [READ_LAST_BELOW],
      advanceCursor: [ADVANCE_CURSOR, DROP_PASSED_CLIENT_CURSORS],
      advanceClientCursors: [ADVANCE_CLIENT_CURSORS],
      subscriptions: [READ_SUBSCRIPTIONS],
      busyChains: [READ_CHAIN_LINKS],
      insertDeliveries: [INSERT_DELIVERIES],
    },
    noSqlOfTheirOwn: ['inTransaction'],
    // The log's horizon: event-horizon.ts's statement, still written by hand.
    handWritten: ['horizon'],
  },
  PrivacyNoticeRepository: {
    repository: PrivacyNoticeRepository,
    methods: { create: [INSERT_NOTICE], list: [READ_NOTICES], versions: [READ_NOTICE_VERSIONS] },
  },
  UserRepository: {
    repository: UserRepository,
    methods: {
      findByEmailWithClients: [READ_USER_BY_EMAIL],
      findByIdWithClients: [READ_USER_BY_ID],
      recordSignIn: [RECORD_SIGN_IN],
    },
  },
  BillingLedgerRepository: {
    repository: BillingLedgerRepository,
    methods: { countPerDay: [COUNT_CHARGES_PER_DAY] },
  },
  ServiceStateRepository: {
    repository: ServiceStateRepository,
    methods: { snapshot: [READ_SERVICE_STATE] },
  },
  BatchRepository: {
    repository: BatchRepository,
    methods: { insert: [INSERT_BATCH], find: [READ_BATCH] },
  },
  WatchListScreeningRepository: {
    repository: WatchListScreeningRepository,
    methods: { insertScreenings: [INSERT_SCREENINGS] },
    noSqlOfTheirOwn: ['writeScreening', 'writeMany'],
  },
  IdempotencyRepository: {
    repository: IdempotencyRepository,
    methods: {
      claim: [CLAIM_KEY],
      claimAnswered: [CLAIM_KEYS],
      complete: [COMPLETE_KEY],
      storedRows: [READ_STORED],
      purgeExpired: [PURGE_KEYS],
    },
    noSqlOfTheirOwn: ['stored'],
  },
  OutboxRepository: {
    repository: OutboxRepository,
    methods: {
      add: [ADD_JOBS],
      rearm: [REARM_JOBS],
      markPublished: [MARK_PUBLISHED],
      sweep: [SWEEP_JOBS, MARK_PUBLISHED],
      oldestUnpublishedAgeSeconds: [READ_OLDEST_UNPUBLISHED_AGE],
      purgePublished: [PURGE_PUBLISHED],
    },
    noSqlOfTheirOwn: ['addNow'],
  },
  EventRepository: {
    repository: EventRepository,
    methods: {
      append: [APPEND_EVENTS],
      appendOne: [APPEND_EVENT_WITH_ID],
      // After the log's horizon (event-horizon.ts, hand-written).
      page: [READ_EVENT_PAGE],
      locate: [LOCATE_EVENT],
      purgeOlderThan: [PURGE_EVENTS],
    },
  },
  WatchListRepository: {
    repository: WatchListRepository,
    methods: {
      activeVersion: [READ_ACTIVE_VERSION],
      hasAnyVersion: [READ_HAS_VERSION],
      activeVersions: [READ_ACTIVE_VERSIONS],
      activateVersion: [READ_ACTIVE_VERSION, SUPERSEDE_VERSION, ANALYZE_ENTRIES, NOTIFY_ACTIVATION],
      indexedEntries: [READ_INDEXED_ENTRIES],
      entriesByKeys: [READ_ENTRIES_BY_KEYS_RAW, READ_ENTRIES_BY_KEYS],
      lockSource: [LOCK_SOURCE],
      nextVersion: [READ_NEXT_VERSION],
      insertVersion: [INSERT_VERSION],
    },
    noSqlOfTheirOwn: ['recordRefusal'],
    // COPY ... FROM STDIN of the entries, streamed: no statement to declare.
    handWritten: ['copyEntries'],
  },
  LegalSearchRepository: {
    repository: LegalSearchRepository,
    methods: {
      insertSearch: [INSERT_SEARCH, INSERT_SEARCH_SLICE],
      charge: [CHARGE_SEARCH_EVENT],
      findSearchPage: [READ_SEARCH_PAGE, READ_SEARCH_PAGE_SLICE],
      findSearchMatch: [READ_SEARCH_MATCH],
      unlockOnce: [UNLOCK_ONCE, READ_UNLOCK],
    },
  },
  AuditRepository: {
    repository: AuditRepository,
    methods: {
      appendMany: [APPEND_AUDIT_EVENTS],
      readHead: [READ_AUDIT_HEAD],
      ofSubjects: [READ_AUDIT_OF_SUBJECTS],
      chainAfter: [READ_AUDIT_CHAIN_AFTER],
    },
    noSqlOfTheirOwn: ['append'],
    // Its WHERE has only the filters given; its SELECT list and rows are the declared AUDIT_FIELDS.
    handWritten: ['page'],
  },
  WebhookEndpointRepository: {
    repository: WebhookEndpointRepository,
    methods: {
      countLockingClient: [LOCK_CLIENT, COUNT_ENDPOINTS],
      create: [INSERT_ENDPOINT],
      list: [READ_ENDPOINT_PAGE],
      find: [READ_ENDPOINT],
      update: [UPDATE_ENDPOINT, CANCEL_ENDPOINT_DELIVERIES],
      delete: [DELETE_ENDPOINT],
      rotateSecret: [ROTATE_SECRET],
      count: [COUNT_ENDPOINTS],
    },
  },
  ReviewRepository: {
    repository: ReviewRepository,
    methods: {
      underReview: [LOCK_REQUEST_UNDER_REVIEW, READ_REQUEST_UNDER_REVIEW, READ_REVIEWED_PROCESSES],
      requestOfAlert: [READ_REQUEST_OF_ALERT],
      decisionsAndDisputes: [READ_DECISIONS_AND_DISPUTES],
      importedEntries: [READ_IMPORTED_ENTRIES],
      insertReview: [INSERT_REVIEW],
      insertDispute: [INSERT_DISPUTE],
      confirmedAlerts: [READ_CONFIRMED_ALERTS],
      writeReviewState: [WRITE_PROCESS_REVIEWS, WRITE_CONFIRMED_ALERT_RESULT, APPEND_EVENTS],
      reviewsOfProcess: [READ_REVIEWS_OF_PROCESS],
      disputesOfRequest: [READ_DISPUTES_OF_REQUEST],
      ofRequests: [READ_EXPORTED_REVIEWS, READ_EXPORTED_DISPUTES],
    },
  },
  CandidateRequestRepository: {
    repository: CandidateRequestRepository,
    methods: {
      insertRegistrations: [INSERT_REGISTRATIONS],
      findOverview: [READ_OVERVIEW],
      findProcess: [READ_PROCESS],
      recentDurations: [READ_RECENT_DURATIONS],
      list: [READ_LIST, COUNT_LIST],
    },
    noSqlOfTheirOwn: ['writeRegistration', 'writeMany', 'insertAll'],
  },
  CandidateReportRepository: {
    repository: CandidateReportRepository,
    methods: { findReportInput: [READ_REPORT_INPUT] },
  },
  ProcessExecutionRepository: {
    repository: ProcessExecutionRepository,
    methods: {
      read: [READ_SNAPSHOT_BY_REQUEST],
      readByProcesses: [READ_SNAPSHOTS_BY_PROCESSES],
      queuedSince: [READ_QUEUED_SINCE],
      applyMany: [APPLY_STEPS],
    },
    noSqlOfTheirOwn: ['readByProcess', 'applyStep'],
  },
  PrivacyExportRepository: {
    repository: PrivacyExportRepository,
    methods: { requests: [READ_EXPORTED_REQUESTS] },
  },
  PrivacyRequestRepository: {
    repository: PrivacyRequestRepository,
    methods: {
      create: [INSERT_PRIVACY_REQUEST],
      find: [READ_PRIVACY_REQUEST],
      page: [PAGE_PRIVACY_REQUESTS.rows, PAGE_PRIVACY_REQUESTS.count],
      candidatesLike: [READ_CANDIDATES_LIKE],
      searchesNamed: [READ_SEARCHES_NAMED],
      monitorsOf: [READ_MONITORS_OF],
      grantedOppositionsLike: [READ_GRANTED_OPPOSITIONS_LIKE],
      resolve: [LOCK_PRIVACY_REQUEST, RESOLVE_PRIVACY_REQUEST],
      announceDueSoon: [ANNOUNCE_DUE_SOON],
    },
    // Its SET list is the changed fields' columns, from the candidate map (candidate-columns.ts).
    handWritten: ['rectifyCandidates'],
  },
  MonitorRepository: {
    repository: MonitorRepository,
    methods: {
      request: [READ_MONITORED_REQUEST],
      create: [INSERT_MONITOR],
      find: [READ_MONITOR],
      list: [PAGE_MONITORS.rows, PAGE_MONITORS.count],
      stop: [STOP_MONITOR],
      stopWatching: [STOP_WATCHING],
      rewatchNames: [READ_WATCHED_NAMES, SET_LEGAL_KEYS],
      ofIds: [READ_MONITORS_OF_IDS],
      alertsOfMonitors: [READ_ALERTS_OF_MONITORS],
      expire: [EXPIRE_MONITORS],
      chargeable: [READ_CHARGEABLE],
      chargeMonths: [CHARGE_MONTHS],
      alertsOf: [PAGE_ALERTS_OF_MONITOR.rows, PAGE_ALERTS_OF_MONITOR.count],
      alertsOfClients: [PAGE_ALERTS_OF_CLIENTS.rows, PAGE_ALERTS_OF_CLIENTS.count],
      review: [REVIEW_ALERT],
      openAlertCount: [COUNT_OPEN_ALERTS],
    },
  },
  MonitorActivationRepository: {
    repository: MonitorActivationRepository,
    methods: {
      monitoredSince: [READ_MONITORED_SINCE],
      activeWatching: [READ_ACTIVE_WATCHING],
      legalPairs: [READ_LEGAL_PAIRS],
      raise: [INSERT_ALERTS, APPEND_CLIENT_EVENTS],
    },
    handWritten: [
      'record',
      'pendingIds',
      'withClaimed',
      'raisePart',
      'markDone',
      'fingerprints',
      'lastSeq',
      'pendingIngests',
      'withPendingIngest',
    ],
  },
  PersonalDataEraser: {
    repository: PersonalDataEraser,
    methods: {},
    // Its candidate SET list comes from the candidate map (candidate-columns.ts); the rest is by hand.
    handWritten: ['erase'],
  },
};
