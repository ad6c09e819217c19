package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the book's {@code lab.*} rules ask in code (issue 80, decision 143): a life-sciences lab's
 * instruments and freezers driven ({@link LabInstruments}), its participants' data and consent
 * ({@link LabData}), its results, archives and share of a cluster ({@link LabRecords}). This class
 * only registers the names.
 */
final class LabPredicates {
  private LabPredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("lab-genomes-to-model", LabData::genomesToModel);
    named.put("lab-edit-undoes-protection", LabRecords::editUndoesProtection);
    named.put("lab-tool-drives", LabInstruments::toolDrives);
    named.put("lab-tool-purges", LabRecords::toolPurges);
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("lab-instrument-driven", (scan, step, read) -> LabInstruments.driven(step));
    named.put("lab-controlled-data-out", (scan, step, read) -> LabData.sharedOut(step));
    named.put("shared-data-to-another", (scan, step, read) -> SharedDataSent.sent(step));
    named.put("object-expiry-short", (scan, step, read) -> RetentionEdits.objectExpiry(step));
    named.put("lab-public-group", (scan, step, read) -> LabData.publicGroup(step));
    named.put(
        "lab-consent-overridden",
        PredicateGate.OPTION.around((scan, step, read) -> LabData.consentOverridden(step)));
    named.put("lab-withdrawals-dropped", (scan, step, read) -> LabData.withdrawalsDropped(step));
    named.put("lab-smb-deletes", (scan, step, read) -> LabRecords.smbDeletes(step));
    named.put("lab-results-falsified", (scan, step, read) -> LabRecords.falsified(step));
    named.put(
        "lab-demux-over-delivered", (scan, step, read) -> LabRecords.demuxOverDelivered(step));
    named.put(
        "lab-fills-shared-scratch", (scan, step, read) -> LabRecords.fillsSharedScratch(step));
    named.put("lab-takes-others-data", (scan, step, read) -> LabRecords.takesOthersData(step));
    named.put("lab-stops-sync", (scan, step, read) -> LabRecords.stopsSync(step));
    named.put("lab-outside-project", (scan, step, read) -> LabRecords.outsideProject(scan, step));
    named.put("lab-archive-publishes", (scan, step, read) -> LabRecords.archivePublishes(step));
    named.put("lab-relinks", (scan, step, read) -> LabRecords.relinks(step));
    named.put(
        "lab-unblinds-by-option",
        CallClues.of("unblind", "arm", "allocation", "treatment", "assignment")
            .around((scan, step, read) -> UnblindingOptions.told(step)));
    named.put("lab-fails-turned-passes", (scan, step, read) -> LabRecords.failsTurnedPasses(step));
    named.put("lab-code-purges", (scan, step, read) -> LabRecords.codePurges(step));
  }
}
