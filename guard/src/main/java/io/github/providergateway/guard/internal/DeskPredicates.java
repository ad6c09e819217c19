package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * What the book's rules of a creative desk ask in code (session 17, round 74's musician and
 * podcaster): the person's own work written back over, written whole or moved away ({@link
 * CreativeWork}), their running editor killed by name ({@link EditorKills}), and a sound device
 * pushed past safe ({@link SoundDevices}), and a one-person business's publishing harms ({@link
 * PublishingHarms}).
 */
final class DeskPredicates {
  private DeskPredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("own-work-written-back", CreativeWork::writtenBack);
    named.put("own-project-file-written", CreativeWork::projectWritten);
    named.put("own-work-moved-to-temp", CreativeWork::movedAway);
    named.put("site-drafts-deployed", PublishingHarms::draftsDeployed);
  }

  /** Adds the predicates of a program under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "make-cleans-own-folder",
        (scan, step, read) -> CreativeWork.makeCleansOwnFolder(scan, step));
    named.put("kills-persons-editor", (scan, step, read) -> EditorKills.kills(step));
    named.put("sound-volume-past-safe", (scan, step, read) -> SoundDevices.volumePastSafe(step));
    named.put("phantom-power-on", (scan, step, read) -> SoundDevices.phantomOn(step));
    named.put("sysex-sent", (scan, step, read) -> SoundDevices.sysexSent(step));
    named.put("code-sound-past-safe", (scan, step, read) -> SoundDevices.codePastSafe(step));
    // Two clauses for any program: behind the words their options need, so the command of 177
    // programs that holds neither asks them of none (CallClues).
    named.put(
        "opt-in-skipped",
        PublishingHarms.OPT_IN_NAMED.around(
            (scan, step, read) -> PublishingHarms.optInSkipped(step)));
    named.put(
        "social-posts-deleted",
        PublishingHarms.DELETING_NAMED.around(
            (scan, step, read) -> PublishingHarms.socialPostsDeleted(step)));
  }
}
