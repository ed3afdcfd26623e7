import type { LegalText } from './types';

export const termsEs: LegalText = {
  version: '1.0',
  effective: '2026-11-25',
  body: `
Estos términos regulan el uso de {{brand}} por parte de las empresas: la cuenta de empresa, la publicación de ofertas, el espacio de trabajo con tus postulantes, la búsqueda de candidatos, las reuniones con nuestro equipo y los servicios de pago. Si usas {{brand}} para buscar empleo, se aplican los [términos para candidatos](route:termsB2c).

## Quiénes somos y cuándo se aplican estos términos {#scope}

El titular de {{brand}} y del sitio {{host}} es **{{entity}}** (en adelante, «nosotros»). Puedes escribirnos a {{email}}.

Aceptas estos términos al crear una cuenta de empresa o al usarla. Si la creas en nombre de una empresa, confirmas que puedes obligarla y que la empresa acepta estos términos. Son para empresas y profesionales que contratan: no para consumidores.

## La cuenta de empresa {#account}

- Los datos que nos das (tu nombre, tu correo, el nombre de la empresa y sus datos) deben ser reales y estar al día.
- Guarda tu contraseña en secreto. Eres responsable de lo que se haga con las cuentas de tu empresa; si crees que alguien entró sin permiso, cámbiala y avísanos.
- Confirmamos tu correo con un enlace antes de activar algunas funciones.
- Podemos rechazar o suspender cuentas que suplanten a otra empresa o que no correspondan a una empresa que contrata de verdad.

## Publicar ofertas {#offers}

Publicar ofertas es gratis e inmediato. Cada oferta necesita título, área, rol, seniority, modalidad, país, descripción y un rango salarial bruto (mínimo y máximo mayores que cero, el mínimo no mayor que el máximo) en la moneda del país o en dólares. Una oferta publicada queda visible 60 días; puedes pausarla, reanudarla, cerrarla o renovarla por otros 60 días desde tu espacio de trabajo.

Al publicar te comprometes a que la oferta:

- corresponde a un puesto real y vacante en tu empresa, o en una empresa cliente que te autorizó a publicarlo;
- indica el salario que de verdad estás dispuesto a pagar;
- no discrimina por sexo, edad, origen, etnia, religión, discapacidad, orientación sexual, estado civil o cualquier otra circunstancia protegida por la ley, salvo requisitos que la ley permita para el puesto;
- no pide dinero a los candidatos, en ningún momento del proceso;
- no es publicidad, venta multinivel, captación para cursos de pago ni una forma de reunir datos personales;
- no infringe derechos de otros ni contiene enlaces dañinos.

Las ofertas publicadas son públicas: aparecen en el buscador, en la página de tu empresa, en los canales RSS y en los datos estructurados que leen los buscadores, y cualquiera puede compartirlas. Podemos corregir el formato de una oferta, despublicarla o suspender la cuenta que la publicó si incumple estas reglas o si recibimos avisos fundados, y te lo diremos.

## El rango de mercado {#market}

Al escribir una oferta te mostramos el rango salarial de mercado para ese rol, país y seniority, y si tu oferta está por debajo, en línea o por encima. Son estimaciones de datos agregados, con sus fuentes, licencias y fechas a la vista: te sirven para orientarte, pero no son asesoría ni una garantía sobre lo que pagará el mercado.

## Candidatos y postulaciones {#candidates}

Cuando alguien postula a tu oferta, ves su nombre, su correo y los datos de su perfil. También puedes buscar entre los perfiles que los candidatos hicieron públicos. Respecto de esos datos:

- Los usas solo para el proceso de selección de tus ofertas: no para publicidad, no para venderlos ni cederlos, no para otros fines.
- Eres responsable independiente de lo que hagas con ellos fuera de {{brand}} y cumples la ley de protección de datos que te aplique, también informando a los candidatos.
- Los borras cuando ya no los necesitas para el proceso.
- Mantienes al día el estado de cada postulación; un «no» también es una respuesta.

Los certificados de {{brand}} acreditan el resultado de una entrevista técnica en una fecha: son una señal útil, no una garantía del desempeño de nadie. La decisión de contratar y la relación laboral son entre tu empresa y el candidato; nosotros no somos parte de ellas, salvo lo que digan los contratos de los servicios de pago.

## Servicios de pago {#paid-services}

Además de lo gratuito, ofrecemos servicios de pago: **shortlists certificadas** (una selección de candidatos evaluados con nuestras entrevistas técnicas para tu búsqueda) y el **servicio gestionado de staffing** (buscamos, evaluamos y te presentamos candidatos para tus vacantes, con un honorario de éxito por cada contratación).

Se contratan con una propuesta escrita que te enviamos tras conversar (puedes [pedir una reunión](route:hireRequestMeeting) o [agendarla](route:hireSchedule)). Los precios de referencia están en la página de [precios](route:hirePricing); la propuesta fija el alcance, los plazos, el precio, los impuestos, la forma de pago y las garantías, y lo que diga prevalece sobre estos términos. Las promociones, como las [condiciones de Black November](route:termsBlackNovember), tienen sus propias bases.

## Reuniones {#meetings}

Usamos los datos de tu solicitud de reunión o de tu reserva para contactarte sobre lo que pides. Al reservar te enviamos una invitación de calendario y un recordatorio; puedes cambiar o cancelar la reserva desde el enlace del correo.

## Uso aceptable {#use}

No está permitido:

- descargar en masa perfiles u ofertas, ni extraerlos con programas automáticos;
- contactar a candidatos para algo distinto de un proceso de selección;
- sortear los límites del servicio, probar su seguridad sin permiso o interferir con su funcionamiento;
- compartir tu cuenta con personas ajenas a tu empresa o suplantar a otros;
- publicar contenido ilegal, engañoso u ofensivo.

## Contenido y propiedad intelectual {#content}

Tu contenido (ofertas, logo, datos de la empresa) sigue siendo tuyo. Nos das una licencia gratuita, no exclusiva y mundial para mostrarlo, adaptarlo de formato y difundirlo en {{brand}}, en sus canales RSS, en los buscadores y al compartirlo, mientras esté publicado. El software, el diseño, la marca y los textos de {{brand}} son nuestros o de sus licenciantes; las cifras salariales publicadas se rigen por las licencias que se indican junto a ellas.

## Disponibilidad y responsabilidad {#liability}

Trabajamos para que {{brand}} funcione siempre y bien, pero no podemos garantizar que no tenga interrupciones ni errores, ni que una oferta consiga candidatos o una contratación. No respondemos por el contenido que publican otros usuarios ni por las decisiones de contratación.

En la medida en que la ley lo permita, nuestra responsabilidad total frente a tu empresa se limita a lo que nos hayas pagado en los 12 meses anteriores al hecho que la cause, y no incluye lucro cesante ni daños indirectos. Esta limitación no se aplica al dolo ni a la culpa grave. Tu empresa responde frente a nosotros por el contenido que publica y por el uso que hace de los datos de los candidatos.

## Suspensión y baja {#termination}

Puedes cerrar la cuenta de tu empresa cuando quieras escribiéndonos a {{email}}. Podemos suspenderla o cerrarla si incumples estos términos, avisándote con los motivos salvo que la ley o la seguridad de otros lo impidan. Al cerrarla, tus ofertas dejan de publicarse; los servicios de pago en curso se rigen por su propuesta.

## Protección de datos {#privacy}

Tratamos los datos de las personas de tu empresa según la [política de privacidad](route:privacy). Respecto de los datos de los candidatos que recibes, tu empresa es responsable de su propio tratamiento, como dice la sección «Candidatos y postulaciones».

## Cambios en estos términos {#changes}

Si cambiamos estos términos, publicamos la nueva versión con su fecha al principio de esta página y, si el cambio es importante, te avisamos por correo al menos 15 días antes de que se aplique. Si no estás de acuerdo, puedes cerrar tu cuenta antes de esa fecha; si sigues usando {{brand}} después, se aplican los nuevos términos.

## Ley aplicable y jurisdicción {#law}

Estos términos se rigen por la ley española. Para cualquier conflicto, las partes se someten a los juzgados y tribunales de Madrid (España), salvo que una norma imperativa disponga otra cosa. Antes, intentemos resolverlo escribiéndonos a {{email}}.

## Contacto {#contact}

Para cualquier consulta sobre estos términos, escríbenos a {{email}}.
`,
};
