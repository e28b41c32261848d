import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  AuditActor,
  clientViolations,
  FieldViolation,
  invitationViolations,
  normalisedEmail,
  emailViolations,
  packageViolations,
  processList,
  DomainError,
} from '@app/domain';
import { dataSourceOptions } from '@app/persistence/data-source-options';
import { AuditRepository } from '@app/persistence/repositories/audit.repository';
import { MembershipRepository } from '@app/persistence/repositories/membership.repository';
import { OnboardingRepository } from '@app/persistence/repositories/onboarding.repository';
import { ensureDatabase, runMigrations } from '@app/persistence/setup/database-setup';
import { DEFAULT_DATABASE_URL, readMailConfig } from '@app/platform/config/app-config';
import { Mailer } from '@app/platform/mail/mailer';
import { DataSource } from 'typeorm';
import { InviteUser } from './invite-user';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** What a command reaches: the database's repositories, the mailer, who runs it. */
interface CommandContext {
  onboarding: OnboardingRepository;
  memberships: MembershipRepository;
  inviter: InviteUser;
  mailer: Mailer;
  audit(event: {
    action: string;
    clientId: string | null;
    subject: { type: string; id: string | null };
  }): Promise<void>;
  output: CliOutput;
}

type Values = Record<string, string | undefined>;

interface Command {
  usage: string;
  options: string[];
  run(values: Values, context: CommandContext): Promise<number>;
}

/** A refusal the operator can act on: exit 1 with this reason. */
class Refusal extends Error {}

const refuseIf = (violations: FieldViolation[]) => {
  if (violations.length > 0)
    throw new Refusal(violations.map((v) => `--${v.field}: ${v.message}`).join('\n  '));
};

const COMMANDS: Record<string, Command> = {
  'client:create': {
    usage: `npm run admin -- client:create --id <id> --name <name>

Creates a client (a customer company). The id is 2 to 64 lower-case letters, digits or hyphens;
integrators send it as clientId. Again with the same values: nothing changes.`,
    options: ['id', 'name'],
    async run(values, { onboarding, audit, output }) {
      const client = { id: values.id, name: values.name?.trim() };
      refuseIf(clientViolations(client));
      const outcome = await onboarding.createClient({ id: client.id!, name: client.name! });
      if (outcome.kind === 'different')
        throw new Refusal(
          `Client ${client.id} exists already, named "${outcome.existing.name}": nothing changed.`,
        );
      if (outcome.kind === 'created') {
        await audit({
          action: 'client:create',
          clientId: client.id!,
          subject: { type: 'client', id: client.id! },
        });
        output.out(`Created client ${client.id} (${client.name}).`);
      } else output.out(`Client ${client.id} (${client.name}) exists already: nothing changed.`);
      return 0;
    },
  },
  'package:create': {
    usage: `npm run admin -- package:create --client <id> --id <packageId> --name <name> --processes "<name>,..."

Creates a screening package of a client: the processes it runs, by their names (Peps, Listas
negras del SAT, Referencias Personales, Validación de estudios, BGC Laboral, Global Watch List,
Referencias Laborales, Geolocalización, Documentos, BGC News, Reporte de Crédito, BGC Legal).
Again with the same values: nothing changes.`,
    options: ['client', 'id', 'name', 'processes'],
    async run(values, { onboarding, audit, output }) {
      const pkg = {
        id: values.id,
        name: values.name?.trim(),
        processes: processList(values.processes ?? ''),
      };
      refuseIf([...clientIdViolations(values.client), ...packageViolations(pkg)]);
      if (!(await onboarding.clientExists(values.client!)))
        throw new Refusal(`Client ${values.client} does not exist: create it with client:create first.`);
      const outcome = await onboarding.createPackage({
        id: pkg.id!,
        clientId: values.client!,
        name: pkg.name!,
        processes: pkg.processes,
      });
      if (outcome.kind === 'different')
        throw new Refusal(
          `Package ${pkg.id} exists already (client ${outcome.existing.clientId}, "${outcome.existing.name}": ` +
            `${outcome.existing.processes.join(', ')}): nothing changed. Choose another id.`,
        );
      if (outcome.kind === 'created') {
        await audit({
          action: 'package:create',
          clientId: values.client!,
          subject: { type: 'package', id: pkg.id! },
        });
        output.out(`Created package ${pkg.id} of ${values.client}: ${pkg.processes.join(', ')}.`);
      } else output.out(`Package ${pkg.id} exists already as asked: nothing changed.`);
      return 0;
    },
  },
  'user:invite': {
    usage: `npm run admin -- user:invite --client <id> --email <email> --role admin|analyst|viewer

Invites a person to a client with a role: prints the invitation link and mails it (SMTP_URL).
The link works for 7 days; inviting again prints a new link and the old one stops working.
Someone who is a member of the client already is refused.`,
    options: ['client', 'email', 'role'],
    async run(values, { inviter, memberships, audit, output }) {
      refuseIf([...clientIdViolations(values.client), ...invitationViolations(values)]);
      const member = await memberships.memberByEmail(normalisedEmail(values.email!), values.client!);
      if (member?.status === 'active' && member.role === values.role) {
        output.out(
          `${member.email} is an active ${member.role} of ${values.client} already: nothing changed.`,
        );
        return 0;
      }
      let sent;
      try {
        sent = await inviter.invite({
          clientId: values.client!,
          email: values.email!,
          role: values.role as never,
        });
      } catch (error) {
        if (error instanceof DomainError) throw new Refusal(error.message);
        throw error;
      }
      if (!sent)
        throw new Refusal(`Client ${values.client} does not exist: create it with client:create first.`);
      await audit({
        action: 'user:invite',
        clientId: values.client!,
        subject: { type: 'user', id: sent.invitation.userId },
      });
      output.out(
        `Invited ${sent.invitation.email} to ${values.client} as ${sent.invitation.role}: ${sent.link}`,
      );
      const mail = await sent.mail;
      output.out(
        mail.sent
          ? `The invitation was mailed to ${sent.invitation.email}.`
          : `The mail was not sent (${mail.reason}): give the person the link above.`,
      );
      return 0;
    },
  },
  'user:list': {
    usage: `npm run admin -- user:list --client <id>

Lists the users of a client: e-mail, role, status (invited, active, disabled), last sign-in.`,
    options: ['client'],
    async run(values, { onboarding, memberships, output }) {
      refuseIf(clientIdViolations(values.client));
      if (!(await onboarding.clientExists(values.client!)))
        throw new Refusal(`Client ${values.client} does not exist.`);
      const members = await memberships.all(values.client!);
      if (members.length === 0) output.out(`Client ${values.client} has no users yet.`);
      for (const m of members)
        output.out(
          [
            m.email.padEnd(40),
            m.role.padEnd(8),
            m.status.padEnd(9),
            m.lastSignInAt ? new Date(m.lastSignInAt).toISOString() : 'never signed in',
            m.id,
          ].join('  '),
        );
      return 0;
    },
  },
  'user:disable': {
    usage: `npm run admin -- user:disable --email <email>

Disables a person in every client: their sessions end at once and they can no longer sign in.
An admin of a client enables them again (PATCH /users/{id}). Again: nothing changes.`,
    options: ['email'],
    async run(values, { memberships, audit, output }) {
      refuseIf(emailViolations(values.email));
      const email = normalisedEmail(values.email!);
      const done = await memberships.disableEverywhere(email);
      if (!done) throw new Refusal(`No user has the e-mail ${email}.`);
      if (done.changed) {
        for (const clientId of done.clientIds)
          await audit({ action: 'user:disable', clientId, subject: { type: 'user', id: done.userId } });
        output.out(
          `Disabled ${email} in ${done.clientIds.join(', ')}; ${done.endedSessions.length} session(s) ended.`,
        );
      } else output.out(`${email} is disabled already: nothing changed.`);
      return 0;
    },
  },
};

function clientIdViolations(client: string | undefined): FieldViolation[] {
  return clientViolations({ id: client, name: 'x' }).map((v) => ({ ...v, field: 'client' }));
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

The operator's commands to onboard a customer (docs/operations.md, "Onboarding a customer"):

  client:create   --id <id> --name <name>
  package:create  --client <id> --id <packageId> --name <name> --processes "<name>,..."
  user:invite     --client <id> --email <email> --role admin|analyst|viewer
  user:list       --client <id>
  user:disable    --email <email>

  -h, --help      print this (after a command: that command's usage) and change nothing

DATABASE_URL names the database (default: the one npm start uses; it is created and migrated if
needed); SMTP_URL, MAIL_FROM and PUBLIC_URL the mail, as for the apps. Each change is written to
the audit log as done by the operator. Running a command again with the same values changes
nothing. Exit 0 on success, 1 on refusal with the reason.`;

/** `npm run admin`: answers the exit status. */
export async function main(
  argv: string[],
  output: CliOutput = { out: (l) => console.log(l), err: (l) => console.error(l) },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [name, ...rest] = argv;
  const help = (args: string[]) => args.includes('--help') || args.includes('-h');
  if (name === undefined || name === '--help' || name === '-h') {
    (name === undefined ? output.err : output.out)(ADMIN_USAGE);
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    output.err(`✖ Unknown command "${name}".\n\n${ADMIN_USAGE}`);
    return 1;
  }
  if (help(rest)) {
    output.out(`Usage: ${command.usage}`);
    return 0;
  }
  let values: Values;
  try {
    values = parseArgs({
      args: rest,
      options: Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    }).values as Values;
  } catch (error) {
    output.err(`✖ ${(error as Error).message.split('. ')[0].replace(/\.$/, '')}.\n\nUsage: ${command.usage}`);
    return 1;
  }
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  await ensureDatabase(databaseUrl);
  await runMigrations(databaseUrl);
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, { poolSize: 2 }));
  await dataSource.initialize();
  const mail = readMailConfig(env);
  const mailer = new Mailer(mail);
  try {
    const memberships = new MembershipRepository(dataSource);
    const events = new AuditRepository(dataSource);
    const actor = operator(env);
    const context: CommandContext = {
      onboarding: new OnboardingRepository(dataSource),
      memberships,
      inviter: new InviteUser(memberships, mailer, mail.publicUrl),
      mailer,
      audit: async (event) => {
        await events.append({ at: Date.now(), actor, status: 0, requestId: null, ip: null, ...event });
      },
      output,
    };
    return await command.run(values, context);
  } catch (error) {
    if (error instanceof Refusal) {
      output.err(`✖ ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    mailer.onModuleDestroy();
    await dataSource.destroy();
  }
}

/** The operator, as the audit log names them: the account that ran the command (ADMIN_OPERATOR overrides). */
function operator(env: Record<string, string | undefined>): AuditActor {
  let name = env.ADMIN_OPERATOR;
  if (!name) {
    try {
      name = userInfo().username;
    } catch {
      name = env.USER || 'operator';
    }
  }
  return { type: 'operator', id: name };
}
