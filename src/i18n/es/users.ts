/**
 * Spanish texts of the users' screens and «Mi perfil» (features/users).
 * Read them with `t(…)`; the English twin is ../en/users.ts.
 */
import { addSpanish } from '../loaded';

export const usersMessages = {
  users: {
    name: 'Nombre',
    email: 'Correo electrónico',
    role: 'Rol',
    hub: 'Hub',
    hubHelp: 'Su hub de casa: donde empiezan sus pantallas.',
    hubs: 'Hubs en los que trabaja',
    hubsHelp: 'Un operador crea y cambia pedidos, rutas, puntos, bicis y cobros solo de estos hubs (los administradores, de todos).',
    phone: 'Teléfono',
    active: 'Activo',
    noHub: 'Sin hub',
    allHubs: 'Todos',
    initialPassword: 'Contraseña inicial',
    initialPasswordHelp: 'Al menos 8 caracteres. La persona podrá cambiarla en «Mi perfil».',
    list: 'Listado de usuarios',
    create: 'Nuevo usuario',
    countByRole: '{role}: {n}',
    deactivate: 'Desactivar',
    activate: 'Activar',
    sendReset: 'Enviar enlace para cambiar la contraseña',
    resetSent: 'Enlace enviado a {email} (si el servidor tiene correo configurado; si no, aparece en el registro del servidor).',
    setPassword: 'Fijar contraseña',
    passwordSet: 'Contraseña fijada.',
    passwordPending: 'El usuario se ha guardado en este dispositivo. Fija su contraseña cuando haya conexión y se haya sincronizado.',
    riderSelect: 'Rider',
    riderPlaceholder: 'Elige un rider',
    selfProtected: 'No puedes cambiar tu propio rol ni desactivarte.',
    selfDelete: 'No puedes borrar tu propio usuario.',
    what: 'el usuario',
    hubInvalid: 'Elige el hub del usuario (o «Sin hub»).',
    profileIntro: 'Tus datos en CargoBici.',
    currentPassword: 'Contraseña actual',
    newPassword: 'Contraseña nueva',
    changePassword: 'Cambiar contraseña',
    passwordChanged: 'Contraseña cambiada.',
    lockMinutes: 'Bloqueo por inactividad (minutos, 0 = nunca)',
    lockHelp: 'Para tabletas compartidas en el hub: pide la contraseña tras ese tiempo sin uso. Es un ajuste de este dispositivo.',
    deviceSettings: 'Este dispositivo',
    language: 'Idioma',
    languageHelp: 'El idioma de la aplicación en este dispositivo.',
    myData: 'Mis datos',
  },
} as const;

addSpanish(usersMessages);
