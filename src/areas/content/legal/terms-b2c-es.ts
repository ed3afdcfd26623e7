import type { LegalText } from './types';

export const termsB2cEs: LegalText = {
  version: '1.0',
  effective: '2026-11-25',
  body: `
Estos términos regulan el uso de {{brand}} por parte de los candidatos: tu cuenta, tu perfil, tus postulaciones, los cursos, las entrevistas técnicas, los certificados y las herramientas de salario. Todo esto es gratis para ti. Si usas {{brand}} para contratar, se aplican los [términos para empresas](route:terms).

## Quiénes somos y cuándo se aplican estos términos {#scope}

El titular de {{brand}} y del sitio {{host}} es **{{entity}}** (en adelante, «nosotros»). Puedes escribirnos a {{email}}.

Aceptas estos términos al crear tu cuenta, con el formulario o con GitHub o Google, y al usarla. Para crear una cuenta debes tener al menos 18 años.

## Tu cuenta {#account}

- Una cuenta por persona, con tus datos reales y un correo que sea tuyo; lo confirmamos con un enlace.
- Guarda tu contraseña en secreto. Si crees que alguien entró sin permiso, cámbiala (al hacerlo se cierran tus otras sesiones) y avísanos.
- Puedes pedirnos cerrar tu cuenta cuando quieras escribiendo a {{email}}.

## Tu perfil {#profile}

Tu perfil reúne tu titular, país, rol, seniority, experiencia, nivel de inglés, skills, expectativa salarial, disponibilidad y foto. Es privado hasta que decidas hacerlo público; entonces lo puede ver cualquiera con su enlace y las empresas que buscan candidatos en {{brand}}. Puedes volver a hacerlo privado cuando quieras.

Lo que pongas en tu perfil debe ser cierto y tuyo: no uses fotos ni textos de otras personas ni datos que no tengas derecho a compartir.

## Postular a ofertas {#applications}

Puedes postular una vez a cada oferta abierta. Al postular, la empresa de la oferta recibe tu nombre, tu correo y los datos de tu perfil para su proceso de selección, y verás el estado de tu postulación en tu espacio.

Las ofertas las publican las empresas, que responden de ellas. Revisamos que cumplan nuestras reglas (puesto real, salario visible, sin discriminación) y retiramos las que no, pero no podemos verificarlo todo: si una oferta te parece sospechosa, avísanos. **Ninguna empresa puede pedirte dinero para postular o para contratarte**; si te lo piden, no pagues y escríbenos.

La decisión de contratarte es de la empresa, y la relación laboral es entre tú y ella: nosotros no somos parte y no garantizamos que consigas empleo.

## Cursos y entrevistas técnicas {#learning}

Los cursos son gratuitos; guardamos tu progreso para que sigas donde lo dejaste. Las primeras lecciones del curso gratuito se pueden leer sin cuenta.

Las entrevistas técnicas tienen tiempo límite y preguntas elegidas al azar; el tiempo y la puntuación se calculan en nuestro servidor, y lo que envíes después del plazo no cuenta. Puedes tener un intento en curso por entrevista, y si no apruebas, volver a intentarlo tras un periodo de espera (30 días salvo que indiquemos otro). Respondes tú solo: no está permitido hacerlas en nombre de otro, ni copiar, publicar o compartir las preguntas. Si detectamos trampas, podemos anular el resultado y revocar el certificado.

## Certificados {#certificates}

Si apruebas una entrevista te emitimos un certificado con el rol, el nivel según tu puntuación, la puntuación y sus fechas; vale dos años. Tiene una página pública de verificación con tu nombre y una credencial firmada digitalmente (Open Badges 3.0) que cualquiera con el enlace puede comprobar; puedes compartir ese enlace donde quieras. El certificado acredita el resultado de esa entrevista en esa fecha: no es un título oficial ni una habilitación profesional. Podemos revocarlo si se obtuvo con trampas o por error; la página de verificación lo indicará.

## Herramientas de salario {#salaries}

La calculadora y las páginas de salarios son gratuitas y muestran estimaciones con sus fuentes, licencias y fechas: te orientan, pero no son asesoría ni una garantía de lo que te pagarán.

Si aportas tu salario, lo haces de forma voluntaria y nos autorizas a usarlo dentro de estadísticas agregadas, que publicamos bajo la licencia que se indica junto a las cifras. Nunca se muestra con tu nombre ni en grupos de menos de 5 reportes. Solo lo aceptamos si es plausible para tu país, rol y seniority; puedes reemplazarlo aportando otro.

## Uso aceptable {#use}

No está permitido:

- crear cuentas falsas o a nombre de otra persona;
- descargar en masa ofertas o perfiles, ni extraerlos con programas automáticos;
- sortear los límites del servicio, probar su seguridad sin permiso o interferir con su funcionamiento;
- usar {{brand}} para enviar publicidad o contactar a personas para algo distinto de la búsqueda de empleo;
- publicar contenido ilegal, engañoso u ofensivo.

## Contenido y propiedad intelectual {#content}

Lo que escribes y subes sigue siendo tuyo. Nos das permiso para guardarlo y mostrarlo como tú elijas (a ti, a las empresas a las que postulas o, si tu perfil es público, a cualquiera) mientras tu cuenta exista. El software, el diseño, la marca, los cursos, las preguntas de las entrevistas y los textos de {{brand}} son nuestros o de sus licenciantes.

## Disponibilidad y responsabilidad {#liability}

Trabajamos para que {{brand}} funcione siempre y bien, pero, como servicio gratuito, no podemos garantizar que no tenga interrupciones ni errores. No respondemos por el contenido de las ofertas ni por las decisiones de las empresas. Nada de esto limita los derechos que te dan las leyes de protección de los consumidores ni nuestra responsabilidad por dolo o culpa grave.

## Suspensión y baja {#termination}

Puedes dejar de usar {{brand}} y pedir el cierre de tu cuenta cuando quieras. Podemos suspenderla o cerrarla si incumples estos términos, diciéndote por qué salvo que la ley o la seguridad de otros lo impidan. Al cerrarla borramos tus datos como explica la [política de privacidad](route:privacy#retention).

## Protección de datos {#privacy}

Tratamos tus datos según la [política de privacidad](route:privacy), que explica qué guardamos, para qué, con quién lo compartimos, cuánto tiempo y cómo ejercer tus derechos.

## Cambios en estos términos {#changes}

Si cambiamos estos términos, publicamos la nueva versión con su fecha al principio de esta página y, si el cambio es importante, te avisamos por correo al menos 15 días antes de que se aplique. Si no estás de acuerdo, puedes cerrar tu cuenta antes de esa fecha.

## Ley aplicable y jurisdicción {#law}

Estos términos se rigen por la ley española. Si eres consumidor, conservas la protección que te dan las normas imperativas de tu país de residencia y puedes acudir a los tribunales de tu domicilio. Antes, intentemos resolverlo escribiéndonos a {{email}}.

## Contacto {#contact}

Para cualquier consulta sobre estos términos, escríbenos a {{email}}.
`,
};
