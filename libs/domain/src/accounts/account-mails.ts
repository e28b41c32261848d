import type { ClientRole } from '../auth/roles';

/**
 * The mails of accounts, in Spanish (docs/behaviour.md, "Users"): the invitation and the password
 * reset. Plain text with the link on a line of its own (every client shows it, and it is what
 * people copy), and the same words in a small HTML part.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** How a role reads in Spanish, with what it lets a person do. */
export const ROLE_IN_SPANISH: Record<ClientRole, string> = {
  admin: 'administrador (todo, incluidos usuarios, llaves de API y webhooks)',
  analyst: 'analista (registrar candidatos, buscar, desbloquear y revisar)',
  viewer: 'consulta (leer lo que no genera cargos)',
};

const SPANISH_DATE = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Mexico_City',
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(subject: string, paragraphs: string[], link: string, closing: string): MailContent {
  const text = [...paragraphs, '', link, '', closing, '', '— Screening'].join('\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(closing)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

export function invitationMail(invite: {
  clientName: string;
  role: ClientRole;
  link: string;
  expiresAt: number;
}): MailContent {
  return compose(
    `Invitación a ${invite.clientName}`,
    [
      'Hola:',
      '',
      `Te invitaron a usar el servicio de verificación de candidatos de ${invite.clientName} con el rol de ${ROLE_IN_SPANISH[invite.role]}.`,
      `Para aceptar, abre este enlace y elige tu contraseña (al menos 12 caracteres). Vence el ${SPANISH_DATE.format(invite.expiresAt)} (hora del centro de México):`,
    ],
    invite.link,
    'Si no esperabas esta invitación, ignora este correo: sin aceptarla no se crea ningún acceso.',
  );
}

export function passwordResetMail(reset: { link: string; expiresAt: number }): MailContent {
  return compose(
    'Restablece tu contraseña',
    [
      'Hola:',
      '',
      'Alguien (seguramente tú) pidió restablecer la contraseña de tu cuenta.',
      `Abre este enlace para elegir una nueva; sirve una sola vez y vence el ${SPANISH_DATE.format(reset.expiresAt)} (hora del centro de México), en 60 minutos:`,
    ],
    reset.link,
    'Si no lo pediste, ignora este correo: tu contraseña no cambia. Al elegir una nueva se cierran todas tus sesiones.',
  );
}
