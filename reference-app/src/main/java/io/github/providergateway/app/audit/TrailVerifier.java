package io.github.providergateway.app.audit;

import io.github.providergateway.app.audit.AuditChain.Event;
import io.github.providergateway.app.audit.AuditChain.Head;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Walks an audit trail's lines, oldest first, and names the first that was changed, removed or
 * inserted ({@code gateway audit verify}, issue 66; the chain is {@link AuditChain}'s).
 *
 * <p>Each record must name the hash of the line before it. Where one does not, the lines around it
 * tell what happened: the record after chains to the line two before (that line was inserted), the
 * sequence runs on (the line before was changed, or this record was), numbers are missing (removed,
 * or moved: a later line holds them), or a number came before (moved or copied). The trail may
 * start at {@code seq} 1 after {@link AuditChain#GENESIS}, after lines written before the chain, or
 * where a genuine rotation record (the first line of its file, chained where it stands) recorded
 * deleting the file before; anything else at its start means its first lines or files were removed.
 * A writer's own {@code chain} records count only where the writer writes them ({@link
 * ChainClaims}, issue 78). Its end is checked against the head the writer keeps, and against
 * anchors a person kept elsewhere: an anchor the trail does not hold fails, unless such a rotation
 * removed it.
 */
final class TrailVerifier {

  /**
   * Where a trail may be whole or broken.
   *
   * @param problem the first thing wrong, or null when the trail is whole
   * @param notes what a person should know of a whole trail: where it starts, recorded breaks
   * @param records how many records of the chain it holds
   * @param last its newest record, or null when it has none
   */
  record Verdict(Problem problem, List<String> notes, long records, TrailLine last) {

    /** {@return whether nothing is wrong} */
    boolean whole() {
      return problem == null;
    }
  }

  /**
   * The first thing wrong with a trail.
   *
   * @param line the line it concerns, as {@link TrailLine#where} says it
   * @param what what is wrong, in words
   * @param exit the exit code it ends verify with: {@link AuditVerifyCommand#BROKEN}, or {@link
   *     AuditVerifyCommand#NOT_ANCHORED} when only an anchor a person kept shows it
   */
  record Problem(String line, String what, int exit) {

    /** A break of the trail itself ({@link AuditVerifyCommand#BROKEN}). */
    Problem(String line, String what) {
      this(line, what, AuditVerifyCommand.BROKEN);
    }
  }

  /**
   * An anchor a person kept off the machine: the record {@code seq} had the hash {@code sha256}.
   *
   * @param seq the record's sequence number
   * @param sha256 its line's hash
   */
  record Anchor(long seq, String sha256) {}

  private final List<TrailLine> lines;

  /** The files missing from the trail's numbering, by the name of the file after the gap. */
  private final Map<String, String> missingBefore;

  /**
   * Whether these lines are a whole trail (a home's files), whose start must be explained; files a
   * person picked may start anywhere in a chain.
   */
  private final boolean wholeTrail;

  private final List<String> notes = new ArrayList<>();

  /** How many lines from before the chain start the trail. */
  private int unchained;

  /** The genuine rotation record that explains where the trail starts, or null. */
  private TrailLine rotation;

  TrailVerifier(List<TrailLine> lines, Map<String, String> missingBefore, boolean wholeTrail) {
    this.lines = lines;
    this.missingBefore = missingBefore;
    this.wholeTrail = wholeTrail;
  }

  /**
   * Verifies the trail.
   *
   * @param head the writer's head, or null when there is none to check against
   * @param anchors records kept elsewhere that the trail must still hold
   * @return the verdict
   */
  Verdict verify(Head head, List<Anchor> anchors) {
    Problem problem = walk();
    TrailLine last = null;
    long records = 0;
    for (TrailLine line : lines) {
      if (line.isRecord()) {
        records++;
        last = line;
      }
    }
    if (problem == null && head != null) {
      problem =
          check(
              new Anchor(head.seq(), head.sha256()),
              "its head (audit.head)",
              last,
              AuditVerifyCommand.BROKEN);
    }
    for (Anchor anchor : anchors) {
      if (problem == null) {
        problem =
            check(
                anchor,
                "the anchor " + anchor.seq() + ":" + anchor.sha256(),
                last,
                AuditVerifyCommand.NOT_ANCHORED);
      }
    }
    return new Verdict(problem, List.copyOf(notes), records, last);
  }

  /** The first problem along the lines, or null. */
  private Problem walk() {
    if (lines.isEmpty()) {
      return null;
    }
    unchained = 0;
    while (unchained < lines.size() && lines.get(unchained).unchained()) {
      unchained++;
    }
    if (unchained > 0) {
      notes.add(
          unchained
              + " line(s) at the start were written before the trail was chained: not checked");
    }
    for (int i = 0; i < lines.size(); i++) {
      TrailLine line = lines.get(i);
      Problem problem =
          i == 0 ? start(line) : i < unchained ? null : link(i, line, lines.get(i - 1));
      if (problem != null) {
        return problem;
      }
    }
    TrailLine end = lines.get(lines.size() - 1);
    if (!end.isRecord() && !(end.unchained() && unchained == lines.size())) {
      return new Problem(
          end.where(),
          end.torn()
              ? "the trail's last line is cut mid-line: a writer stopped while it wrote, or the file"
                  + " was truncated (a gateway's next start records it in the chain)"
              : "the trail's last line is no record: changed, or added");
    }
    return null;
  }

  /** Whether the trail's first line may start it. */
  private Problem start(TrailLine first) {
    if (first.unchained()) {
      return null;
    }
    if (!first.isRecord()) {
      return new Problem(first.where(), "the trail's first line is no record: changed or added");
    }
    if (first.event() == Event.AFTER_TRUNCATION || first.event() == Event.AFTER_BAD_HEAD) {
      return ChainClaims.recordedBreak(first);
    }
    if (first.seq() == 1 && AuditChain.GENESIS.equals(first.prev())) {
      if (first.event() != null) {
        return new Problem(
            first.where(),
            "a `"
                + first.event().wire()
                + "` record cannot start a fresh trail: it explains a line before it");
      }
      notes.add("the trail starts at its first record (seq 1)");
      return null;
    }
    rotation = genuineRotation(first);
    if (rotation != null) {
      notes.add(
          "the trail starts at seq "
              + first.seq()
              + ": rotation removed "
              + rotation.text("removed")
              + " before it (recorded at "
              + rotation.where()
              + ")");
      return null;
    }
    if (!wholeTrail) {
      notes.add(
          "the files given start at seq "
              + first.seq()
              + ", chained to a record they do not hold: their start is not checked");
      return null;
    }
    return new Problem(
        first.where(),
        "the trail's start is missing: its first record chains to seq "
            + (first.seq() - 1)
            + ", which no file holds and no rotation recorded removing (the oldest file, or its"
            + " first lines, were removed)"
            + forgedRotation(first));
  }

  /**
   * The {@code rotated} record that explains a trail starting at {@code first}: it names the record
   * {@code first} chains to as the last of the file it removed, and is genuine: the first line of
   * its file, chained to the record before it with the next seq (or {@code first} itself, when
   * rotation removed the only file). Null when there is none.
   */
  private TrailLine genuineRotation(TrailLine first) {
    for (int j = 0; j < lines.size(); j++) {
      TrailLine line = lines.get(j);
      if (line.event() == Event.ROTATED
          && line.number() == 1
          && line.number("lastSeq") == first.seq() - 1
          && first.prev().equals(line.text("lastSha256"))
          && (j == 0 || ChainClaims.check(lines, j, unchained) == null)
          && (j == 0 || line.prev().equals(lines.get(j - 1).sha256()))) {
        return line;
      }
    }
    return null;
  }

  /** What is wrong with a {@code rotated} record that claims {@code first}'s start, or "". */
  private String forgedRotation(TrailLine first) {
    for (int j = 0; j < lines.size(); j++) {
      TrailLine line = lines.get(j);
      if (line.event() == Event.ROTATED
          && line.number("lastSeq") == first.seq() - 1
          && first.prev().equals(line.text("lastSha256"))) {
        // Not genuine (else it would explain the start), so not at index 0: say why.
        Problem problem =
            !line.prev().equals(lines.get(j - 1).sha256())
                ? new Problem(line.where(), "it does not chain to the line before it")
                : ChainClaims.check(lines, j, unchained);
        if (problem != null) {
          return "; the `rotated` record that claims so is not the writer's: "
              + problem.line()
              + ": "
              + problem.what();
        }
      }
    }
    return "";
  }

  /** Whether {@code line} chains to {@code before} where it stands; if not, what happened. */
  private Problem link(int i, TrailLine line, TrailLine before) {
    if (!line.isRecord()) {
      return null; // a line that is no record is judged by the record after it
    }
    if (!line.prev().equals(before.sha256())) {
      return broken(i, line, before);
    }
    Problem problem = ChainClaims.check(lines, i, unchained);
    if (problem == null
        && (line.event() == Event.AFTER_TORN || line.event() == Event.AFTER_NOT_A_RECORD)) {
      notes.add(
          before.where()
              + " is "
              + (line.event() == Event.AFTER_TORN ? "a torn record" : "no record")
              + "; the writer recorded it at "
              + line.where()
              + " and the chain goes on from it");
    }
    return problem;
  }

  /** {@code line} does not chain to the line before it: what happened there. */
  private Problem broken(int i, TrailLine line, TrailLine before) {
    TrailLine next = i + 1 < lines.size() ? lines.get(i + 1) : null;
    TrailLine twoBefore = i >= 2 ? lines.get(i - 2) : null;
    if (twoBefore != null && line.prev().equals(twoBefore.sha256())) {
      return new Problem(
          before.where(), "it was inserted: the record after it chains to the line before it");
    }
    if (next != null && next.isRecord() && next.prev().equals(before.sha256())) {
      TrailLine afterNext = i + 2 < lines.size() ? lines.get(i + 2) : null;
      if (afterNext != null && afterNext.isRecord() && line.sha256().equals(afterNext.prev())) {
        return new Problem(
            line.where(),
            "the records are out of order: it and seq "
                + next.seq()
                + " after it ("
                + next.where()
                + ") were swapped");
      }
      return new Problem(
          line.where(), "it was inserted: the record after it chains to the line before it");
    }
    long expected = lastSeqBefore(i) + 1;
    if (!before.isRecord()) {
      return new Problem(before.where(), "it was changed: it is no longer a record");
    }
    if (line.seq() == expected) {
      boolean nextChains = next == null || !next.isRecord() || next.prev().equals(line.sha256());
      return nextChains
          ? new Problem(
              before.where(), "it was changed: the record after it holds the hash of other bytes")
          : new Problem(
              line.where(),
              "it was changed: it names another line before it, and the record"
                  + " after it holds the hash of other bytes");
    }
    if (line.seq() > expected) {
      TrailLine moved = find(expected, line.seq() - 1, i + 1);
      if (moved != null) {
        return new Problem(
            line.where(),
            "the records are out of order: seq "
                + moved.seq()
                + " stands later, at "
                + moved.where()
                + ", though it belongs before this one");
      }
      String file = missingBefore.get(line.file());
      return new Problem(
          line.where(),
          "records seq "
              + expected
              + " to "
              + (line.seq() - 1)
              + " were removed before it"
              + (file != null && line.number() == 1
                  ? " (" + file + ", which stood before " + line.file() + ", is missing)"
                  : ""));
    }
    return new Problem(
        line.where(),
        "it is out of place: seq "
            + line.seq()
            + " after seq "
            + (expected - 1)
            + " (moved here, or copied from elsewhere)");
  }

  /** The seq of the last record before line {@code i}, or 0. */
  private long lastSeqBefore(int i) {
    for (int j = i - 1; j >= 0; j--) {
      if (lines.get(j).isRecord()) {
        return lines.get(j).seq();
      }
    }
    return 0;
  }

  /** The first record from line {@code from} on with a seq in {@code [low, high]}, or null. */
  private TrailLine find(long low, long high, int from) {
    for (int j = from; j < lines.size(); j++) {
      TrailLine line = lines.get(j);
      if (line.isRecord() && line.seq() >= low && line.seq() <= high) {
        return line;
      }
    }
    return null;
  }

  /**
   * Whether the trail still holds the record {@code anchor} names ({@code said}: whose it is); what
   * it does not hold fails with {@code exit}, unless a genuine rotation removed it.
   */
  private Problem check(Anchor anchor, String said, TrailLine last, int exit) {
    if (last == null || anchor.seq() > last.seq()) {
      return new Problem(
          last == null ? "the trail" : last.where(),
          "the trail ends "
              + (last == null ? "with no record" : "at seq " + last.seq())
              + ", yet "
              + said
              + " names seq "
              + anchor.seq()
              + ": records were removed from its end",
          exit);
    }
    TrailLine first = null;
    for (TrailLine line : lines) {
      if (line.isRecord() && first == null) {
        first = line;
      }
      if (line.isRecord() && line.seq() == anchor.seq()) {
        if (line.sha256().equals(anchor.sha256())) {
          notes.add(said + " is in the trail: " + line.where());
          return null;
        }
        return new Problem(line.where(), "it was changed: " + said + " holds another hash", exit);
      }
    }
    if (rotation != null && anchor.seq() <= rotation.number("lastSeq")) {
      notes.add(
          said
              + " is older than the trail's start: rotation removed it with "
              + rotation.text("removed")
              + " (recorded at "
              + rotation.where()
              + "): not checked");
      return null;
    }
    return new Problem(
        first.where(),
        "the trail starts at seq "
            + first.seq()
            + " and does not hold seq "
            + anchor.seq()
            + ", which "
            + said
            + " names, and no rotation recorded removing it: records were removed, or the trail"
            + " rewritten",
        exit);
  }
}
