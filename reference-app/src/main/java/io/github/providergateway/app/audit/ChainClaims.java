package io.github.providergateway.app.audit;

import io.github.providergateway.app.audit.AuditChain.Event;
import io.github.providergateway.app.audit.TrailVerifier.Problem;
import java.util.List;

/**
 * Where each record of the trail may stand, by what it claims (issue 78). The writer ({@code
 * ChainedTrail}) writes each kind of {@code chain} record at one place only, so one that stands
 * anywhere else was written by someone else, however well it chains: an attacker computes hashes as
 * easily as the writer does.
 *
 * <ul>
 *   <li>{@code rotated}: the first line of the file rotation started, right after the last record
 *       of the file before it, with the next seq.
 *   <li>{@code after-torn}, {@code after-not-a-record}: right after the one line it explains, which
 *       follows a record (its seq then follows that record's) or the lines from before the chain at
 *       the trail's start (its seq is then 1).
 *   <li>{@code after-unchained}: right after the lines from before the chain at the trail's start,
 *       with seq 1; such lines anywhere else are a break.
 *   <li>{@code after-truncation}, {@code after-bad-head}: anywhere, and always a break: a writer
 *       found the trail's end cut or its head gone, and said so.
 * </ul>
 *
 * Every other record follows a record, with the next seq.
 */
final class ChainClaims {

  private ChainClaims() {}

  /**
   * Whether record {@code i} of {@code lines}, which names the hash of the line before it, stands
   * where a record of its kind may.
   *
   * @param lines the trail's lines, oldest first
   * @param i the record's index, at least 1
   * @param unchained how many lines from before the chain start the trail
   * @return what is wrong, or null when it may stand there
   */
  static Problem check(List<TrailLine> lines, int i, int unchained) {
    TrailLine line = lines.get(i);
    TrailLine before = lines.get(i - 1);
    Event event = line.event();
    if (event == null) {
      return before.isRecord()
          ? follows(line, before.seq())
          : new Problem(
              before.where(),
              "it is no record, yet the record after it chains to it without saying why: changed");
    }
    return switch (event) {
      case ROTATED -> rotated(line, before);
      case AFTER_TORN, AFTER_NOT_A_RECORD -> afterOneLine(lines, i, unchained);
      case AFTER_UNCHAINED -> afterUnchained(line, i, unchained);
      case AFTER_TRUNCATION, AFTER_BAD_HEAD -> recordedBreak(line);
    };
  }

  /**
   * What a record in which a writer said it found the trail cut, or its head gone, says: a break
   * wherever it stands.
   */
  static Problem recordedBreak(TrailLine line) {
    long lastSeq = line.number("lastSeq");
    long headSeq = line.number("headSeq");
    if (line.event() == Event.AFTER_BAD_HEAD) {
      return new Problem(
          line.where(),
          headSeq < 0
              ? "a writer found records up to seq "
                  + lastSeq
                  + " but no head (audit.head) beside them, and recorded it here: records may have"
                  + " been cut from the trail's end and its head deleted"
              : "a writer found that its head (audit.head) named seq "
                  + headSeq
                  + ", which the trail (up to seq "
                  + lastSeq
                  + ") does not hold with that hash, and recorded it here: records were changed or"
                  + " cut at its end");
    }
    return new Problem(
        line.where(),
        "records seq "
            + (lastSeq + 1)
            + " to "
            + headSeq
            + " were removed from the trail's end before a writer started again (it recorded so"
            + " here)");
  }

  private static Problem follows(TrailLine line, long seq) {
    return line.seq() == seq + 1
        ? null
        : new Problem(
            line.where(), "its seq does not follow seq " + seq + " before it, yet it chains to it");
  }

  private static Problem rotated(TrailLine line, TrailLine before) {
    if (line.number() != 1) {
      return new Problem(
          line.where(),
          "a `rotated` record stands only at the start of a file, where rotation writes it; this"
              + " one stands at line "
              + line.number()
              + ": not the writer's (forged to explain records missing from the trail's start?)");
    }
    if (!before.isRecord()) {
      return new Problem(
          line.where(),
          "a `rotated` record follows the last record of the file rotated, yet the line before it"
              + " is no record");
    }
    return follows(line, before.seq());
  }

  private static Problem afterOneLine(List<TrailLine> lines, int i, int unchained) {
    TrailLine line = lines.get(i);
    TrailLine before = lines.get(i - 1);
    String claim = "an `" + line.event().wire() + "` record";
    if (before.isRecord()) {
      return new Problem(
          line.where(),
          claim
              + " stands only after the line it explains, which is no record, yet it follows a"
              + " whole record: not the writer's");
    }
    TrailLine twoBefore = i >= 2 ? lines.get(i - 2) : null;
    if (twoBefore != null && twoBefore.isRecord()) {
      return follows(line, twoBefore.seq());
    }
    if (i - 1 == unchained) {
      return line.seq() == 1
          ? null
          : new Problem(
              line.where(), "its seq is " + line.seq() + ", yet the chain's first record is seq 1");
    }
    return new Problem(
        before.where(),
        "it is no record, and neither is the line before it: "
            + claim
            + " explains one line a writer left, after a record");
  }

  private static Problem afterUnchained(TrailLine line, int i, int unchained) {
    if (i != unchained) {
      return new Problem(
          line.where(),
          "an `after-unchained` record stands only after the lines at the trail's start written"
              + " before the chain; lines without the chain after chained records (a gateway older"
              + " than the chain, or inserted) prove nothing");
    }
    return line.seq() == 1
        ? null
        : new Problem(
            line.where(),
            "its seq is "
                + line.seq()
                + ", yet the chain's first record after the lines from before it is seq 1");
  }
}
