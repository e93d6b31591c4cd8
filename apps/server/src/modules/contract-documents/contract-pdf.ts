import type { LoanContract } from '@prestaya/contracts';
import PDFDocument from 'pdfkit';
import { COVER_SCHEDULE_MAX, catLine, coverFigures, coverParties, pesos, shortDate } from './cover-lines.ts';

/**
 * GET /loans/{id}/contract.pdf: the same documents as the print route, on Letter paper: the cover page
 * alone on page 1 (fixed positions, nothing flows past it), then the contract and the promissory note
 * on pages of their own. Helvetica's Latin-1 covers Spanish; no type below 10 pt.
 */
const LETTER = { width: 612, height: 792 };
const MARGIN = 48;
const WIDTH = LETTER.width - 2 * MARGIN;
const BODY = 10.5;

function labelled(doc: PDFKit.PDFDocument, rows: [string, string][], x: number, y: number, width: number) {
  let top = y;
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(BODY).text(`${label}: `, x, top, { continued: true, width });
    doc.font('Helvetica').text(value, { width });
    top = doc.y + 2;
  }
  return top;
}

function cover(doc: PDFKit.PDFDocument, contract: LoanContract) {
  const { loan } = contract;
  doc.font('Helvetica-Bold').fontSize(16).text('Carátula del préstamo', MARGIN, MARGIN, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(BODY)
    .text(
      `Préstamo No. ${loan.num} · ${loan.productName ?? 'Préstamo personal'} · Emitida el ${shortDate(contract.issuedOn)}`,
    );
  let y = doc.y + 8;
  // The CAT first and largest, as the cover page is meant to show it.
  doc.rect(MARGIN, y, WIDTH, 34).lineWidth(1.5).stroke('#0b7285');
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000')
    .text(catLine(contract), MARGIN + 10, y + 10, {
      width: WIDTH - 20,
    });
  y += 44;
  const half = (WIDTH - 16) / 2;
  const left = labelled(doc, coverFigures(contract), MARGIN, y, half);
  const right = labelled(doc, coverParties(contract), MARGIN + half + 16, y, half);
  y = Math.max(left, right) + 8;
  doc.font('Helvetica-Bold').fontSize(12).text('Calendario de pagos', MARGIN, y);
  y = doc.y + 4;
  const rows = contract.schedule;
  if (rows.length > COVER_SCHEDULE_MAX) {
    doc
      .font('Helvetica')
      .fontSize(BODY)
      .text(`${rows.length} pagos semanales: ver el calendario anexo.`, MARGIN, y);
  } else {
    const perColumn = Math.ceil(rows.length / Math.ceil(rows.length / 20));
    const columns = Math.ceil(rows.length / perColumn);
    const columnWidth = WIDTH / columns;
    rows.forEach((row, index) => {
      const x = MARGIN + Math.floor(index / perColumn) * columnWidth;
      const top = y + (index % perColumn) * 13;
      doc
        .font('Helvetica')
        .fontSize(BODY)
        .text(`${row.paymentNumber}. ${shortDate(row.dueDate)}  ${pesos(row.amount)}`, x, top, {
          width: columnWidth - 6,
          lineBreak: false,
        });
    });
    y += perColumn * 13 + 4;
  }
  if (contract.scheduleProjected)
    doc
      .font('Helvetica-Oblique')
      .fontSize(BODY)
      .text('Fechas calculadas para una entrega hoy; se fijan al entregar el préstamo.', MARGIN, y, {
        width: WIDTH,
      });
  doc
    .font('Helvetica')
    .fontSize(BODY)
    .text(
      'Los pagos se aplican primero a multas pendientes y después a los pagos semanales, del más antiguo al más reciente. Puede pagar por adelantado sin penalización.',
      MARGIN,
      LETTER.height - MARGIN - 70,
      { width: WIDTH, height: 30 },
    );
  const signY = LETTER.height - MARGIN - 20;
  doc
    .moveTo(MARGIN, signY)
    .lineTo(MARGIN + 220, signY)
    .stroke('#000');
  doc
    .moveTo(MARGIN + WIDTH - 220, signY)
    .lineTo(MARGIN + WIDTH, signY)
    .stroke('#000');
  doc.text('Firma del cliente', MARGIN, signY + 4, { width: 220, lineBreak: false });
  doc.text('Firma del otorgante', MARGIN + WIDTH - 220, signY + 4, { width: 220, lineBreak: false });
}

function textPages(doc: PDFKit.PDFDocument, title: string, text: string) {
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(14).text(title, { width: WIDTH });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(BODY).text(text, { width: WIDTH, align: 'justify', paragraphGap: 4 });
  doc.moveDown(3);
  doc.text('______________________________', { width: WIDTH });
  doc.text('Firma del cliente', { width: WIDTH });
}

/** The PDF's bytes and how many pages it has (the cover is page 1, alone). */
export async function contractPdf(contract: LoanContract, { coverOnly = false } = {}) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Contrato · Préstamo ${contract.loan.num}`, Author: 'PrestaYa' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  cover(doc, contract);
  if (!coverOnly) {
    if (contract.schedule.length > COVER_SCHEDULE_MAX) {
      const annex = contract.schedule.map(
        (r) => `${r.paymentNumber}. ${shortDate(r.dueDate)}  ${pesos(r.amount)}`,
      );
      textPages(doc, 'Calendario de pagos (anexo)', annex.join('\n'));
    }
    textPages(doc, 'Contrato', contract.contractText);
    textPages(doc, 'Pagaré', contract.promissoryNoteText);
  }
  const pages = doc.bufferedPageRange().count;
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages };
}
