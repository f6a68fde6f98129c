import type { ExtractNotesSegment } from "./extractive";

// Meetings as a speech engine writes them (speaker turns with times, spoken openers, asides), for the
// extractive notes' tests: English, Spanish and Portuguese, each with topic changes after a pause, a few
// decisions and action items with owners and due dates, and sentences that look like tasks but are not.

type Turn = [speaker: string, seconds: number, text: string];

/** Turns into segments: each lasts `seconds`; a turn starting with "…" follows a 6-second pause (a new topic). */
function timeline(turns: readonly Turn[]): ExtractNotesSegment[] {
  let clock = 0;
  return turns.map(([speaker, seconds, text]) => {
    const isAfterPause = text.startsWith("…");
    if (isAfterPause) clock += 6;
    const segment = { start: clock, end: clock + seconds, text: text.replace(/^…/, ""), speaker };
    clock += seconds + 0.4;
    return segment;
  });
}

export const englishMeeting = timeline([
  ["Maria", 28, "Okay, let's get started. First up is the mobile release, since the beta has been out for two weeks now."],
  [
    "David",
    35,
    "The mobile release looks good. Crash reports from the beta dropped by half after the last build, and the app store review is scheduled.",
  ],
  ["Maria", 30, "Good. Do we still want the release notes to cover the offline mode in the mobile release?"],
  ["David", 40, "Yes, offline mode is the headline feature of this mobile release. I'll write the release notes by Friday."],
  ["Priya", 38, "I'll be honest, the crash reports from older Android phones scared me last month, but the new build handles them."],
  ["Maria", 45, "So we decided to ship the mobile release on Thursday next week, after the store review clears."],
  ["Tom", 42, "That works for support. The support team needs the release notes a day early to update the help center articles."],
  ["Priya", 90, "…Next topic is the payments bug. Some customers were charged twice when the payments page timed out during checkout."],
  ["Tom", 60, "Support got eleven tickets about duplicate charges this week, mostly from customers paying with bank cards in Germany."],
  [
    "Priya",
    75,
    "The payments bug comes from a retry in the checkout service. The retry sends the charge again when the bank answers slowly.",
  ],
  ["Maria", 40, "Priya, can you check the payments logs before tomorrow's call with the bank?"],
  ["Priya", 35, "Sure. The payments logs keep thirty days, so every duplicate charge should be there."],
  ["David", 50, "We agreed to freeze new checkout features until the payments bug is fixed, right? I want that written down."],
  ["Maria", 30, "Yes. Tom will refund the duplicate charges for the affected customers by end of the week."],
  [
    "Tom",
    95,
    "…Last topic is the budget for the third quarter. Finance asked every team for a budget plan with the analytics vendor costs.",
  ],
  ["Maria", 70, "The analytics vendor we use now costs twice as much as the cheaper analytics vendor, and we only use their dashboards."],
  ["David", 65, "The cheaper analytics vendor exports raw events too, which the data team wanted for the budget review anyway."],
  ["Maria", 40, "Then let's go with the cheaper analytics vendor for the third quarter budget."],
  ["Priya", 55, "We need to hire a second designer by the end of April, and that belongs in the budget plan as well."],
  ["Tom", 45, "I'm going to send the budget spreadsheet to finance next Monday, with the designer role and the analytics vendor change."],
  ["Maria", 30, "Great, thanks everyone. That covers the mobile release, the payments bug and the budget."],
]);

export const spanishMeeting = timeline([
  ["Lucía", 30, "Bueno, empezamos. El primer tema es la campaña de verano para la tienda en línea."],
  [
    "Carlos",
    45,
    "La campaña de verano va bien. Las ventas de la tienda en línea subieron un veinte por ciento en mayo gracias a los descuentos.",
  ],
  ["Marta", 40, "Esta mañana hablé con el equipo de diseño sobre los anuncios de la campaña de verano y ya tienen los primeros bocetos."],
  ["Lucía", 35, "Perfecto. Entonces acordamos mantener los descuentos de la campaña hasta el final de julio."],
  ["Carlos", 50, "Yo me encargo de preparar el informe de ventas de la campaña para el viernes."],
  ["Marta", 45, "Los anuncios nuevos de la campaña salen la semana siguiente, cuando el equipo de diseño termine los bocetos."],
  ["Lucía", 80, "…Pasamos al contrato con el proveedor de envíos. El proveedor de envíos quiere subir las tarifas en otoño."],
  ["Carlos", 60, "Las tarifas del proveedor de envíos ya son altas, y los clientes se quejan de los plazos de entrega en el norte."],
  ["Lucía", 40, "Marta, ¿puedes revisar el contrato con el proveedor antes del 15 de mayo?"],
  ["Marta", 50, "Sí, claro. El contrato del proveedor tiene una cláusula de salida con tres meses de aviso."],
  ["Carlos", 45, "Carlos va a llamar al cliente de Monterrey mañana para explicarle los retrasos de entrega."],
  ["Lucía", 55, "Decidimos buscar un segundo proveedor de envíos para el norte del país antes del otoño."],
  ["Marta", 70, "…Último tema, la contratación de soporte. El equipo de soporte necesita dos personas más para la campaña."],
  ["Lucía", 50, "La contratación de soporte debe empezar pronto, porque el equipo de soporte tarda un mes en formar a alguien nuevo."],
  ["Carlos", 45, "Hay que publicar las ofertas de soporte la próxima semana para tener a las personas nuevas en julio."],
  ["Lucía", 30, "Muy bien, gracias a todos. Nos vemos la semana que viene."],
]);

export const portugueseMeeting = timeline([
  ["Ana", 30, "Bom dia, pessoal. O primeiro assunto é o lançamento do aplicativo novo para os clientes."],
  ["João", 45, "O lançamento do aplicativo está quase pronto. Os testes com os clientes piloto foram muito bons na semana passada."],
  ["Beatriz", 40, "Os clientes piloto pediram um modo escuro no aplicativo, mas isso pode ficar para a próxima versão."],
  ["Ana", 35, "Ficou decidido que o lançamento do aplicativo será no dia 3 de julho, sem o modo escuro."],
  ["João", 40, "Eu vou revisar o orçamento do lançamento até sexta-feira."],
  ["Beatriz", 45, "O marketing precisa das telas do aplicativo para preparar os anúncios do lançamento."],
  ["Ana", 80, "…Agora o fornecedor de pagamentos. O fornecedor de pagamentos atual cobra taxas altas nas vendas internacionais."],
  ["João", 60, "As taxas do fornecedor de pagamentos subiram duas vezes este ano, e as vendas internacionais cresceram muito."],
  ["Ana", 40, "Beatriz, você pode mandar o relatório de taxas para o financeiro amanhã?"],
  ["Beatriz", 45, "Posso sim. O relatório de taxas já está quase pronto, falta só o mês de maio."],
  ["João", 50, "Combinamos que vamos testar o novo fornecedor de pagamentos com as vendas internacionais primeiro."],
  ["Ana", 70, "…Último assunto, o treinamento da equipe de suporte para o aplicativo novo."],
  ["Ana", 50, "A Beatriz vai organizar o treinamento da equipe de suporte na semana que vem."],
  ["João", 45, "O treinamento do suporte precisa cobrir os pagamentos internacionais e o aplicativo novo."],
  ["Ana", 30, "Ótimo, obrigada a todos. Até a próxima reunião."],
]);

/** About an hour of meeting (~9,000 words): the three meetings repeated with times moved on, for the speed check. */
export function hourLongMeeting(): ExtractNotesSegment[] {
  const segments: ExtractNotesSegment[] = [];
  let offset = 0;
  while (segments.reduce((sum, segment) => sum + segment.text.split(/\s+/).length, 0) < 9_000) {
    const round = englishMeeting.map((segment) => ({ ...segment, start: segment.start + offset, end: segment.end + offset }));
    segments.push(...round);
    offset = (round[round.length - 1]?.end ?? offset) + 10;
  }
  return segments;
}
