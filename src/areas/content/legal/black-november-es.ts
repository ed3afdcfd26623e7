import type { LegalText } from './types';

export const blackNovemberEs: LegalText = {
  version: '1.0',
  effective: '2026-11-25',
  body: `
Estas bases regulan la promoción Black November de {{brand}}: un 20 % de descuento en los servicios de pago para empresas contratados del 1 al 30 de noviembre de 2026. Completan los [términos para empresas](route:terms), que se aplican en todo lo que aquí no se diga.

## Quién organiza la promoción {#organizer}

La organiza **{{entity}}**, titular del sitio {{host}}. Para cualquier consulta sobre la promoción, escríbenos a {{email}}.

## Periodo de la promoción {#period}

La promoción se aplica a los servicios contratados entre el **1 de noviembre de 2026 a las 00:00** y el **30 de noviembre de 2026 a las 23:59** (hora de Madrid, España), ambos incluidos. Un servicio se considera contratado en la fecha en que aceptas por escrito nuestra propuesta.

## Quién puede participar {#participants}

Empresas y profesionales que contratan talento a través de {{brand}}, con una cuenta de empresa o que la crean para contratar. La promoción no está dirigida a consumidores ni a candidatos: para ellos {{brand}} ya es gratuito.

## En qué consiste el descuento {#discount}

Un **20 % de descuento** sobre el precio de los servicios de pago:

- **Shortlists certificadas**: sobre el precio de cada shortlist contratada en el periodo.
- **Servicio gestionado de staffing**: sobre los honorarios de éxito de cada contratación de un servicio contratado en el periodo, incluido el honorario mínimo, aunque la persona se incorpore después del 30 de noviembre.

El descuento se calcula sobre el precio antes de impuestos y no se aplica a los impuestos ni a los costes de terceros que la propuesta indique por separado. La propuesta muestra el precio normal, el descuento y el precio final.

## El plan gratuito no cambia {#free-plan}

Publicar ofertas, gestionar postulantes y buscar perfiles públicos sigue siendo gratis, con o sin promoción: el descuento solo afecta a los servicios de pago.

## Cómo se aplica {#how}

[Pide una reunión](route:hireRequestMeeting) o [agenda una](route:hireSchedule) y cuéntanos qué necesitas. Aplicamos el descuento a toda propuesta de los servicios anteriores que aceptes dentro del periodo, aunque no menciones la promoción. Una propuesta emitida en noviembre pero aceptada después del 30 de noviembre no tiene el descuento, salvo que la propia propuesta diga otra cosa.

## Límites y compatibilidad {#limits}

- El descuento **no es acumulable** con otros descuentos, promociones ni precios especiales: si alguno te conviene más, aplicamos ese.
- No se puede canjear por dinero ni transferir a otra empresa.
- No se aplica a servicios contratados antes del 1 de noviembre de 2026, ni a sus ampliaciones fuera del periodo.
- Los servicios que contrates después del periodo se facturan al precio normal de la página de [precios](route:hirePricing).

## Cambios o fin anticipado {#changes}

Podemos modificar o terminar la promoción antes de tiempo por causas justificadas, publicándolo en esta página. Los cambios nunca afectan a propuestas ya aceptadas con el descuento.

## Protección de datos {#privacy}

Los datos que nos das para participar se tratan según la [política de privacidad](route:privacy), solo para gestionar tu solicitud y el servicio contratado.

## Ley aplicable {#law}

Estas bases se rigen por la ley española y, en lo no previsto, por los [términos para empresas](route:terms#law).
`,
};
