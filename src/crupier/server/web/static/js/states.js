// The words of a status pill: a table's state or phase, a gaming day's, a box's, a register
// item's. The state's code stays in the element's data (what scripts and tests read); the
// words are the page's language, English being the code itself in lower case.
import { t } from "./i18n.js";

const WORDS = {
  open: () => t("open"), closed: () => t("closed"), temp_closed: () => t("temp closed"),
  last_rounds: () => t("last rounds"), suspended: () => t("suspended"), recovery: () => t("recovery"),
  closed_to_play: () => t("closed to play"), cancelled: () => t("cancelled"), completed: () => t("completed"),
  ended: () => t("ended"), offered: () => t("offered"), waiting: () => t("waiting"),
  counting: () => t("counting"), counted: () => t("counted"), removed_sealed: () => t("removed sealed"),
  in_place: () => t("in place"), pending: () => t("pending"), overdue: () => t("overdue"),
  answered: () => t("answered"), answered_on_time: () => t("answered on time"),
  answered_late: () => t("answered late"), not_required: () => t("not required"),
  annulled: () => t("annulled"), betting: () => t("betting"), no_more_bets: () => t("no more bets"),
  settled: () => t("settled"), primeres: () => t("primeres"), segones: () => t("segones"),
  // chemin de fer's and two-table baccarat's phases (the words of crupier.i18n.phases)
  offer: () => t("offer"), stakes: () => t("stakes"), deal: () => t("deal"), punto: () => t("punto"),
  banker: () => t("banker"), no_bank: () => t("no-bank"), dealing: () => t("dealing"),
  playing: () => t("playing"), jumped: () => t("jumped"),
};

/** The words of ``state`` ("TEMP_CLOSED", "no-more-bets", "last rounds (2)") in the page's
 * language; a state the table does not know reads as its code in lower case. */
export function stateWord(state) {
  const key = String(state || "").toLowerCase().replace(/[-\s]/g, "_");
  const m = /^last_rounds_\((\d+)\)$/.exec(key);
  if (m) return t("last rounds ({n})", { n: m[1] });
  return WORDS[key] ? WORDS[key]() : key.replace(/_/g, " ");
}
