import type { ContractTemplateKind } from '@prestaya/contracts';

/**
 * The texts the project ships for the contract and the promissory note, in plain Spanish and in the
 * project's own words. They are a starting point, not legal advice: the lender has them reviewed and
 * registers its own version (docs/compliance.md). 'Restaurar texto predeterminado' brings these back.
 */
const CONTRACT = `CONTRATO DE PRÉSTAMO PERSONAL No. {{prestamo.numero}}

Este contrato lo celebran, por una parte, {{negocio.razon_social}} ("el Negocio"), con domicilio en {{negocio.domicilio}}, y por la otra {{cliente.nombre}} ("el Cliente"), con domicilio en {{cliente.domicilio}}. Registro del contrato de adhesión ante la CONDUSEF (RECA): {{negocio.reca}}.

1. El préstamo. El Negocio entrega al Cliente {{prestamo.monto}} ({{prestamo.monto_letra}}) en la fecha de entrega: {{prestamo.fecha_entrega}}. El Cliente acepta haberlo recibido al firmar este contrato o el recibo de entrega.

2. Lo que se paga. El Cliente pagará {{prestamo.total}} ({{prestamo.total_letra}}) en {{prestamo.plazo}} pagos semanales de {{prestamo.pago_semanal}}, según el calendario de la carátula. El último pago vence el {{prestamo.fecha_ultimo_pago}}. Ese total incluye el interés de {{prestamo.tasa}} sobre el monto por todo el plazo. CAT sin IVA, para fines informativos: {{cat}}.

3. Cómo se paga. Cada pago se hace en efectivo al agente del Negocio o por transferencia a la cuenta que el Negocio indique. El Negocio entrega un comprobante de cada pago. Un pago se aplica primero a las multas pendientes y después a los pagos semanales, del más antiguo al más reciente.

4. Pagos atrasados. Por cada día que un pago semanal siga sin pagarse después de su vencimiento se cobra una multa de {{prestamo.multa_diaria}}. Las multas de un mismo pago semanal nunca suman más de {{prestamo.tope_multa}}.

5. Pago anticipado. El Cliente puede pagar antes de tiempo una parte o todo lo que debe, sin penalización. Si liquida todo, el Negocio le da la cotización del día con el descuento que corresponda.

6. Pagaré. Para documentar lo que debe, el Cliente firma un pagaré por el total a pagar. El pagaré se devuelve al Cliente cuando termina de pagar.

7. Datos personales. El Negocio usa los datos del Cliente solo para dar y cobrar este préstamo y los cuida conforme a la ley.

8. Aclaraciones y quejas. El Cliente puede presentar dudas, aclaraciones o quejas con el Negocio en {{negocio.contacto_quejas}}. También puede acudir a la CONDUSEF.

9. Cancelación. El Cliente puede cancelar este contrato sin costo dentro de los diez días hábiles siguientes a su firma, si no ha usado el dinero, devolviéndolo completo.

Se firma en dos tantos el {{fecha.hoy}}.`;

const PROMISSORY_NOTE = `PAGARÉ

Bueno por {{prestamo.total}}

Debo y pagaré incondicionalmente a la orden de {{negocio.razon_social}}, en {{negocio.domicilio}}, la cantidad de {{prestamo.total}} ({{prestamo.total_letra}}), en {{prestamo.plazo}} pagos semanales de {{prestamo.pago_semanal}}, el primero una semana después de la entrega del préstamo No. {{prestamo.numero}} y el último el {{prestamo.fecha_ultimo_pago}}.

Si no pago alguna de las cantidades en su fecha, pagaré además una multa de {{prestamo.multa_diaria}} por cada día de atraso, sin que las multas de un mismo pago pasen de {{prestamo.tope_multa}}.

Nombre del deudor: {{cliente.nombre}}
Domicilio: {{cliente.domicilio}}
Lugar y fecha de suscripción: {{negocio.domicilio}}, {{fecha.hoy}}`;

export const DEFAULT_CONTRACT_TEXTS: Record<ContractTemplateKind, string> = {
  CONTRACT,
  PROMISSORY_NOTE,
};
