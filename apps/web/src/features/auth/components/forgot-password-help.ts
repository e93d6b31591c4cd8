/** What the sign-in page tells someone who forgot their password: there is no e-mail. */
export const FORGOT_PASSWORD_HELP =
  'PrestaYa no envía correos. Pide a un administrador un enlace de restablecimiento: lo genera desde ' +
  'Usuarios y te lo hace llegar. Al abrirlo podrás elegir una nueva contraseña; el enlace vence a las 24 horas ' +
  'y sirve una sola vez.';
