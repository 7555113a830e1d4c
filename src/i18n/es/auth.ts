/**
 * Spanish texts of signing in and out, the lock and the expired session (features/auth and the shell's user menu). Always loaded: the shell shows them.
 * Read them with `t(…)`; the English twin is ../en/auth.ts.
 */
import { addSpanish } from '../loaded';

export const authMessages = {
  auth: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Entrar',
    signingIn: 'Entrando…',
    forgot: '¿Has olvidado la contraseña?',
    loginIntro: 'Inicia sesión con tu correo de CargoBici.',
    emailRequired: 'Escribe tu correo electrónico',
    emailInvalid: 'El correo electrónico no es válido',
    passwordRequired: 'Escribe tu contraseña',
    offlineLogin: 'Sin conexión no se puede iniciar sesión. Conéctate a internet y vuelve a probar.',
    resetIntro: 'Escribe tu correo y te enviaremos un enlace para elegir una contraseña nueva.',
    resetSend: 'Enviar enlace',
    resetSent: 'Si el correo corresponde a un usuario, le hemos enviado un enlace para cambiar la contraseña.',
    backToLogin: 'Volver a iniciar sesión',
    newPassword: 'Contraseña nueva',
    repeatPassword: 'Repite la contraseña',
    passwordTooShort: 'La contraseña necesita al menos 8 caracteres',
    passwordTooLong: 'La contraseña admite como mucho 200 caracteres',
    passwordsDiffer: 'Las contraseñas no coinciden',
    resetSave: 'Guardar contraseña',
    resetDone: 'Contraseña cambiada. Ya puedes iniciar sesión con ella.',
    resetNoToken: 'Falta el código del enlace. Abre el enlace del correo o pide uno nuevo.',
    signOut: 'Cerrar sesión',
    signOutRefused: 'No se puede cerrar la sesión',
    signingOut: 'Cerrando sesión…',
    profile: 'Mi perfil',
    userMenu: 'Menú de usuario',
    forbiddenTitle: 'Sin permiso',
    forbiddenBody: 'Tu rol ({role}) no puede abrir «{page}». Si lo necesitas, pídeselo a un administrador.',
    expiredTitle: 'La sesión ha caducado',
    expiredBody: 'Vuelve a escribir tu contraseña para seguir sincronizando. Tu trabajo en este dispositivo se conserva.',
    expiredSubmit: 'Volver a entrar',
    lockedTitle: 'Pantalla bloqueada',
    lockedBody: 'Por inactividad. Escribe la contraseña de {name} para seguir; nada de lo hecho se pierde.',
    unlock: 'Desbloquear',
    wrongPassword: 'La contraseña no es correcta',
    lockNow: 'Bloquear ahora',
  },
} as const;

addSpanish(authMessages);
