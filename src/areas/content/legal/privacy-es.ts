import type { LegalText } from './types';

export const privacyEs: LegalText = {
  version: '1.1',
  effective: '2026-11-27',
  body: `
Esta política explica qué datos personales tratamos cuando usas {{brand}} (el sitio {{host}}, su API y sus correos), para qué, con qué base legal, con quién los compartimos, cuánto tiempo los guardamos y cómo ejercer tus derechos. Está escrita para lo que {{brand}} hace de verdad: si algo cambia, cambiamos esta política y su versión.

## Quién es responsable de tus datos {#controller}

El responsable del tratamiento es **{{entity}}**, titular del sitio {{host}} (en adelante, «nosotros»). Para cualquier consulta sobre tus datos o para ejercer tus derechos, escríbenos a {{email}}.

Cuando postulas a una oferta, la empresa que la publicó recibe tus datos para su proceso de selección y decide sobre ellos como responsable independiente: esta política explica lo que hacemos nosotros; lo que haga la empresa se rige por su propia política.

## Qué datos tratamos {#data}

### Tu cuenta

Al crear una cuenta (de candidato en el registro, de empresa en «Empezar ahora» o desde el paso de registro de la calculadora de salarios) guardamos tu nombre, tus apellidos, tu correo electrónico y tu contraseña. La contraseña nunca se guarda tal cual: solo su huella con argon2id, que no permite recuperarla. También guardamos el tipo de cuenta (candidato o empresa), su estado (pendiente de confirmar, activa o suspendida), desde dónde te registraste (el registro normal, una oferta, la calculadora o el curso gratuito), la campaña por la que llegaste si el enlace la traía (parámetros utm) y las fechas de alta y de cambios. Si tu cuenta es de empresa, también el nombre de la empresa.

### Inicio de sesión con GitHub o Google

Si eliges entrar con GitHub o Google, ese servicio nos envía tu identificador en él, tu nombre, tu correo verificado y, si la tiene, tu foto de perfil. No recibimos tu contraseña de ese servicio ni publicamos nada en tu nombre. Solo pedimos los permisos de lectura de perfil y correo. Si aún no tenías cuenta, creamos una de candidato con esos datos.

### Tu perfil de candidato

Lo que completes en tu perfil: titular, país, rol, seniority, años de experiencia, nivel de inglés, skills, expectativa salarial, disponibilidad y tu foto (JPEG, PNG o WebP de hasta 2 MB). Tu perfil es privado hasta que decidas hacerlo público; entonces lo puede ver cualquiera con su enlace y las empresas que buscan candidatos en {{brand}}.

### Los datos de tu empresa y sus ofertas

De las empresas guardamos nombre, sitio web, tamaño, país, ubicación, descripción y logo, y qué usuarios pertenecen a cada una. Las ofertas (puesto, requisitos, modalidad, ubicación, rango salarial y descripción) son públicas mientras están publicadas. Si escribes una oferta sin tener cuenta, guardamos lo que escribiste para que no lo pierdas al registrarte, junto a una huella de tu dirección IP que solo sirve para limitar abusos.

### Tus postulaciones

Cuando postulas, guardamos a qué oferta, el estado de tu candidatura en el proceso de la empresa y sus fechas. La empresa de esa oferta ve tu nombre, tus apellidos, tu correo y los datos de tu perfil (titular, país, rol, seniority, nivel de inglés, skills y certificados).

### El salario que aportas

En la calculadora puedes aportar, si quieres, tu salario bruto mensual. Lo guardamos junto a los datos que usaste en la calculadora (país, rol, seniority, años, inglés, modalidad y skills) y enlazado a tu cuenta solo para reemplazarlo si vuelves a aportar. Tu salario solo se usa dentro de estadísticas agregadas (medianas y percentiles): nunca se muestra con tu nombre y ningún grupo de menos de 5 reportes se muestra ni se ordena. Las cifras agregadas que publicamos no contienen datos personales.

### Cursos, entrevistas técnicas y certificados

Guardamos en qué cursos te inscribiste, qué lecciones completaste y por dónde vas. De cada entrevista técnica guardamos las preguntas que te tocaron, tus respuestas, la hora de inicio y de fin y el resultado. Si apruebas, emitimos un certificado con tu nombre, el rol, el nivel, la puntuación y sus fechas de emisión y vencimiento: tiene una página pública de verificación y una credencial firmada digitalmente (Open Badges 3.0) que cualquiera con el enlace puede comprobar.

### Solicitudes de reunión y reservas

Si pides una reunión para tu empresa, guardamos tu nombre, tu empresa, tu correo de trabajo, tu teléfono, tu país, el tamaño de la empresa, los roles que buscas y tu mensaje. Si reservas un horario, guardamos tu nombre, tu correo, tu empresa, tu mensaje, la fecha y hora elegidas y tu zona horaria, y te enviamos una invitación de calendario (iCalendar) y un recordatorio por correo; el enlace para cambiar o cancelar la reserva se guarda solo como huella.

### Los correos que te enviamos

Te escribimos para confirmar tu correo, restablecer tu contraseña y confirmar o recordar reuniones. Cada mensaje pasa por una bandeja de salida donde guardamos destinatario, asunto, texto y estado del envío; los enlaces de un solo uso se borran del texto guardado al enviarlo.

### Datos técnicos

Para proteger las cuentas contamos los intentos de inicio de sesión, registro y envío de enlaces por dirección IP y por cuenta. Los registros de nuestro servidor anotan el método, la ruta, el estado y la duración de cada petición; no anotan tu IP, lo que envías en formularios, contraseñas ni tokens. Las cookies se explican en su propia sección.

## Para qué los usamos y con qué base legal {#purposes}

- **Darte el servicio que pides** (crear y mantener tu cuenta, tu perfil, publicar ofertas, gestionar postulaciones, cursos, entrevistas y certificados, responder a tu solicitud de reunión): la ejecución del contrato que aceptas con nuestros términos o las medidas previas que nos pides.
- **Publicar tu perfil o aportar tu salario**: tu consentimiento, que das al activar cada opción y puedes retirar cuando quieras.
- **Medir el uso del sitio y detectar errores con herramientas de terceros** (analítica y monitorización): tu consentimiento en el aviso de cookies.
- **Mantener el servicio seguro** (límites de intentos, cierre de sesiones, prevención de fraude y de abusos): nuestro interés legítimo en proteger a los usuarios y al servicio.
- **Estadísticas salariales agregadas**: tu consentimiento al aportar el salario; las cifras publicadas son anónimas.
- **Facturar los servicios de pago y atender requerimientos legales**: el cumplimiento de obligaciones legales.
- **Enviarte los correos necesarios del servicio** (confirmaciones, restablecimiento de contraseña, reuniones): la ejecución del contrato. No te enviamos publicidad sin tu consentimiento.

No tomamos decisiones automatizadas con efectos jurídicos sobre ti: el resultado de una entrevista técnica se calcula automáticamente a partir de tus respuestas, pero quién contrata lo decide siempre una persona de la empresa.

## Con quién compartimos tus datos {#recipients}

- **Con todo el mundo**, solo lo que es público por naturaleza o porque tú lo decides: las ofertas publicadas, los perfiles que hiciste públicos y las páginas de verificación de certificados.
- **Con la empresa a cuya oferta postulas**, los datos de tu postulación descritos arriba.
- **Con nuestros proveedores**, que tratan datos por encargo nuestro y bajo contrato: alojamiento y base de datos, envío de correo y, solo si lo aceptas, RudderStack (analítica) y Datadog (monitorización).
- **Con GitHub o Google**, solo si eliges entrar con ellos: saben que usaste su inicio de sesión en {{brand}}.
- **Con autoridades**, cuando una ley nos obliga.

No vendemos tus datos ni los cedemos para publicidad de terceros.

## Transferencias internacionales {#transfers}

Algunos proveedores (RudderStack, Datadog, GitHub, Google) pueden tratar datos fuera de tu país o del Espacio Económico Europeo, por ejemplo en Estados Unidos. En esos casos nos apoyamos en el Marco de Privacidad de Datos UE-EE. UU. cuando el proveedor está adherido o en las cláusulas contractuales tipo aprobadas por la Comisión Europea. Cuando postulas a una empresa de otro país, tus datos le llegan porque es necesario para lo que pides.

## Cuánto tiempo los guardamos {#retention}

- **Cuenta, perfil, postulaciones, mensajes, alertas, notificaciones, cursos, entrevistas y certificados**: mientras tu cuenta exista. Puedes eliminarla tú mismo en [tu cuenta](route:accountDelete): en ese momento se cierran todas tus sesiones y tu perfil y tus postulaciones dejan de verse; durante 30 días puedes cancelarlo iniciando sesión, y pasados esos 30 días borramos todos tus datos (también tus archivos y los correos pendientes de enviarte). Tus certificados se revocan: dejan de poder verificarse. Los mensajes que escribiste a candidatos desde una empresa se borran; si eras la única persona dueña de tu empresa, la empresa, sus ofertas y sus conversaciones se borran contigo, y avisamos a quienes se habían postulado a sus ofertas abiertas.
- **Salario aportado**: hasta que aportes otro (reemplaza al anterior). Si eliminas tu cuenta, se queda solo como dato anónimo: quitamos todo lo que lo une a ti, y ni ese dato ni las cifras agregadas permiten identificarte.
- **Registro de acciones de operación**: lo que hace nuestro equipo de operación sobre las cuentas se guarda 2 años, también si la cuenta ya no existe.
- **Ofertas escritas sin cuenta**: 7 días; se borran antes si publicas o guardas la oferta.
- **Enlaces de confirmación y de contraseña**: caducan a las 24 horas y a la hora, respectivamente, y se guardan solo como huella.
- **Sesiones cerradas**: el identificador de una sesión que cerraste se guarda hasta la fecha en que habría caducado (como mucho un año) para que no pueda volver a usarse.
- **Contadores de intentos por IP o por cuenta**: se borran en menos de un día.
- **Solicitudes de reunión y reservas**: 24 meses desde el último contacto con tu empresa, salvo que contrates un servicio; entonces, lo que exija ese contrato.
- **Bandeja de salida de correos**: 12 meses desde el envío.
- **Registros técnicos del servidor**: 30 días.
- **Facturación de servicios de pago**: el plazo que marque la ley mercantil y fiscal (en España, hasta 6 años).
- **Cookies**: lo que indica la sección de cookies.

## Tus derechos y cómo ejercerlos {#rights}

Puedes pedirnos en cualquier momento:

- **Acceso**: saber qué datos tuyos tratamos y obtener una copia. La copia la descargas tú mismo desde [tu cuenta](route:account), con «Descargar mis datos».
- **Rectificación**: corregir datos inexactos o incompletos. Casi todo lo puedes corregir tú mismo en tu perfil o en los datos de tu empresa.
- **Supresión**: que borremos tus datos, incluida tu cuenta (puedes eliminarla tú mismo desde [tu cuenta](route:accountDelete)).
- **Portabilidad**: recibir los datos que nos diste en un formato estructurado y de uso común (un archivo ZIP con un JSON y los archivos que subiste, desde «Descargar mis datos» en [tu cuenta](route:account)), o que los enviemos a otro responsable.
- **Oposición**: que dejemos de tratar tus datos cuando lo hacemos por interés legítimo.
- **Limitación**: que conservemos tus datos sin usarlos mientras resolvemos una reclamación.
- **Retirar tu consentimiento**: hacer privado tu perfil, borrar tu salario aportado o cambiar tus preferencias de cookies, sin que afecte a lo hecho antes.

Si vives en Latinoamérica, estos son también tus derechos de acceso, rectificación, cancelación y oposición (ARCO).

Para la copia de tus datos no hace falta escribirnos: la pides en tu cuenta, la preparamos en segundo plano y te enviamos por correo un enlace que funciona 7 días con tu sesión iniciada (después borramos el archivo); puedes pedirla una vez al día. Para los demás derechos, escríbenos a {{email}} desde el correo de tu cuenta, diciendo qué derecho quieres ejercer. Es gratis. Te respondemos en un máximo de un mes (ampliable dos meses más en casos complejos, avisándote). Si no podemos comprobar que eres tú, te pediremos lo mínimo necesario para hacerlo.

## Cómo protegemos tus datos {#security}

Usamos conexiones cifradas (HTTPS), guardamos las contraseñas con argon2id, mantenemos tu sesión en una cookie que los scripts de la página no pueden leer, cerramos la sesión también en el servidor cuando sales, guardamos solo la huella de los enlaces de un solo uso y limitamos los intentos de acceso. Solo las personas de nuestro equipo que lo necesitan acceden a los datos.

## Menores de edad {#minors}

{{brand}} es un servicio para buscar empleo y contratar: no está dirigido a menores de 18 años y no creamos cuentas a sabiendas para ellos. Si crees que un menor nos dio sus datos, escríbenos y los borraremos.

## Cookies y herramientas de medición {#cookies}

Usamos cookies propias necesarias para que el sitio funcione y, solo con tu permiso, herramientas de analítica y de monitorización. Estas son todas y lo que activa cada opción:

## Reclamaciones {#complaints}

Si crees que no tratamos bien tus datos, escríbenos primero a {{email}} e intentaremos resolverlo. También puedes reclamar ante la Agencia Española de Protección de Datos ([www.aepd.es](https://www.aepd.es), C/ Jorge Juan 6, 28001 Madrid) o ante la autoridad de protección de datos de tu país, por ejemplo la Agencia de Acceso a la Información Pública en Argentina, la Superintendencia de Industria y Comercio en Colombia, la Autoridad Nacional de Protección de Datos Personales en Perú, la Unidad Reguladora y de Control de Datos Personales en Uruguay, la Agencia de Protección de Datos de los Habitantes en Costa Rica o la Superintendencia de Protección de Datos Personales en Ecuador.

## Ley aplicable {#law}

Tratamos tus datos conforme al Reglamento General de Protección de Datos de la Unión Europea (RGPD) y a la Ley Orgánica 3/2018 de Protección de Datos Personales y garantía de los derechos digitales, y respetamos además las leyes de protección de datos de los países donde ofrecemos el servicio cuando te dan más derechos.

## Cambios en esta política {#changes}

Si cambiamos esta política, publicamos la nueva versión con su fecha al principio de esta página. Si el cambio es importante, te avisamos por correo o al entrar a tu cuenta antes de que se aplique. También puedes consultar nuestros [términos para candidatos](route:termsB2c) y [términos para empresas](route:terms).
`,
};
