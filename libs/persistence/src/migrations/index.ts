import { Foundation1763800000000 } from './1763800000000-Foundation';
import { Screening1763850000000 } from './1763850000000-Screening';
import { LegalCorpus1763900000000 } from './1763900000000-LegalRecordsCorpus';
import { LegalSearches1763950000000 } from './1763950000000-LegalSearches';
import { IdempotencyVerbatim1764000000000 } from './1764000000000-IdempotencyVerbatim';
import { EventsAndWebhooks1764100000000 } from './1764100000000-EventsAndWebhooks';
import { FinishedProcessIndex1764150000000 } from './1764150000000-FinishedProcessIndex';
import { CandidateRequestBatches1764160000000 } from './1764160000000-CandidateRequestBatches';
import { SearchListAndUsage1764300000000 } from './1764300000000-SearchListAndUsage';
import { LifecycleVersion1764350000000 } from './1764350000000-LifecycleVersion';
import { LegalMatchSets1764400000000 } from './1764400000000-LegalMatchSets';
import { HotLifecycleUpdates1764450000000 } from './1764450000000-HotLifecycleUpdates';
import { AnnouncedEventWriters1764530000000 } from './1764530000000-AnnouncedEventWriters';
import { RfcLegalRecordUuids1764550000000 } from './1764550000000-RfcLegalRecordUuids';
import { LegalCorpusIngest1764550000001 } from './1764550000001-LegalCorpusIngest';
import { WatchLists1764600000000 } from './1764600000000-WatchLists';
import { Monitoring1764700000000 } from './1764700000000-Monitoring';
import { QueuedProcessIndex1764800000000 } from './1764800000000-QueuedProcessIndex';
import { WebhookClientCursors1764850000000 } from './1764850000000-WebhookClientCursors';
import { ClientRoles1764900000000 } from './1764900000000-ClientRoles';
import { ApiKeys1764910000000 } from './1764910000000-ApiKeys';
import { AuditLog1764920000000 } from './1764920000000-AuditLog';
import { PublisherLawsuitIds1764930000000 } from './1764930000000-PublisherLawsuitIds';
import { WatchListRealFiles1764950000000 } from './1764950000000-WatchListRealFiles';
import { AuditLogFilters1764955000000 } from './1764955000000-AuditLogFilters';
import { Accounts1764960000000 } from './1764960000000-Accounts';
import { PrivacyNotices1764970000000 } from './1764970000000-PrivacyNotices';
import { Retention1764980000000 } from './1764980000000-Retention';
import { Reviews1764990000000 } from './1764990000000-Reviews';

/** Every migration in order; listed explicitly for the same reason as the entities. */
export const MIGRATIONS = [
  Foundation1763800000000,
  Screening1763850000000,
  LegalCorpus1763900000000,
  LegalSearches1763950000000,
  IdempotencyVerbatim1764000000000,
  EventsAndWebhooks1764100000000,
  FinishedProcessIndex1764150000000,
  CandidateRequestBatches1764160000000,
  SearchListAndUsage1764300000000,
  LifecycleVersion1764350000000,
  LegalMatchSets1764400000000,
  HotLifecycleUpdates1764450000000,
  AnnouncedEventWriters1764530000000,
  RfcLegalRecordUuids1764550000000,
  LegalCorpusIngest1764550000001,
  WatchLists1764600000000,
  Monitoring1764700000000,
  QueuedProcessIndex1764800000000,
  WebhookClientCursors1764850000000,
  ClientRoles1764900000000,
  ApiKeys1764910000000,
  AuditLog1764920000000,
  PublisherLawsuitIds1764930000000,
  WatchListRealFiles1764950000000,
  AuditLogFilters1764955000000,
  Accounts1764960000000,
  PrivacyNotices1764970000000,
  Retention1764980000000,
  Reviews1764990000000,
];
