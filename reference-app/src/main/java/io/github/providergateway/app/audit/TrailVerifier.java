package io.github.providergateway.app.audit;

import io.github.providergateway.app.home.AuditChain;
import io.github.providergateway.app.home.AuditChain.Event;
import io.github.providergateway.app.home.AuditChain.Head;
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
 * where a rotation recorded deleting the file before; anything else at its start means its first
 * lines or files were removed. Its end is checked against the head the writer keeps, and against
 * anchors a person kept elsewhere.
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
   */
  record Problem(String line, String what) {}

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
      problem = check(new Anchor(head.seq(), head.sha256()), "its head (audit.head)", last);
    }
    for (Anchor anchor : anchors) {
      if (problem == null) {
        problem = check(anchor, "the anchor " + anchor.seq() + ":" + anchor.sha256(), last);
      }
    }
    return new Verdict(problem, List.copyOf(notes), records, last);
  }

  /** The first problem along the lines, or null. */
  private Problem walk() {
    if (lines.isEmpty()) {
      return null;
    }
    int unchained = 0;
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
    if (!end.isRecord() && !end.unchained()) {
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
    if (first.event() == Event.AFTER_TRUNCATION) {
      return truncation(first);
    }
    if (first.seq() == 1 && AuditChain.GENESIS.equals(first.prev())) {
      notes.add("the trail starts at its first record (seq 1)");
      return null;
    }
    for (TrailLine line : lines) {
      if (line.event() == Event.ROTATED
          && line.number("lastSeq") == first.seq() - 1
          && first.prev().equals(line.text("lastSha256"))) {
        notes.add(
            "the trail starts at seq "
                + first.seq()
                + ": rotation removed "
                + line.text("removed")
                + " before it (recorded at "
                + line.where()
                + ")");
        return null;
      }
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
            + " first lines, were removed)");
  }

  /** Whether {@code line} chains to {@code before}; if not, what happened. */
  private Problem link(int i, TrailLine line, TrailLine before) {
    if (!line.isRecord()) {
      return null; // a line that is no record is judged by the record after it
    }
    if (line.prev().equals(before.sha256())) {
      if (line.event() == Event.AFTER_TRUNCATION) {
        return truncation(line);
      }
      if (!before.isRecord()) {
        return afterNoRecord(line, before);
      }
      if (line.event() == null && line.seq() != before.seq() + 1) {
        return new Problem(
            line.where(),
            "its seq does not follow seq " + before.seq() + " before it, yet it chains to it");
      }
      return null;
    }
    return broken(i, line, before);
  }

  /** A record that chains to a line that is no record: only a writer's recorded resumption may. */
  private Problem afterNoRecord(TrailLine line, TrailLine before) {
    if (line.event() == Event.AFTER_TORN || line.event() == Event.AFTER_NOT_A_RECORD) {
      notes.add(
          before.where()
              + " is "
              + (line.event() == Event.AFTER_TORN ? "a torn record" : "no record")
              + "; the writer recorded it at "
              + line.where()
              + " and the chain goes on from it");
      return null;
    }
    if (line.event() == Event.AFTER_UNCHAINED && before.unchained()) {
      return null;
    }
    return new Problem(
        before.where(),
        "it is no record, yet the record after it chains to it without saying why: changed");
  }

  private Problem truncation(TrailLine line) {
    long lastSeq = line.number("lastSeq");
    return new Problem(
        line.where(),
        "records seq "
            + (lastSeq + 1)
            + " to "
            + line.number("headSeq")
            + " were removed from the trail's end before a writer started again (it recorded so"
            + " here)");
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

  /** Whether the trail still holds the record {@code anchor} names ({@code said}: whose it is). */
  private Problem check(Anchor anchor, String said, TrailLine last) {
    if (last == null || anchor.seq() > last.seq()) {
      return new Problem(
          last == null ? "the trail" : last.where(),
          "the trail ends "
              + (last == null ? "with no record" : "at seq " + last.seq())
              + ", yet "
              + said
              + " names seq "
              + anchor.seq()
              + ": records were removed from its end");
    }
    for (TrailLine line : lines) {
      if (line.isRecord() && line.seq() == anchor.seq()) {
        if (line.sha256().equals(anchor.sha256())) {
          notes.add(said + " is in the trail: " + line.where());
          return null;
        }
        return new Problem(line.where(), "it was changed: " + said + " holds another hash");
      }
    }
    notes.add(said + " is older than the trail's start (rotated away): not checked");
    return null;
  }
}
