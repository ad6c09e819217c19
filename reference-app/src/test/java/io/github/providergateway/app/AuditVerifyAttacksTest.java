package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.audit.AuditChain;
import io.github.providergateway.app.audit.AuditFile;
import io.github.providergateway.app.audit.AuditVerifyCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway audit verify} against an attacker with the person's account (issue 78): each way
 * of hiding a gap that the trail, its head or an anchor can show is a break with its exit code and
 * the line it concerns, never "whole". The attacker here computes hashes as the writer does, so
 * every forged record chains; what gives it away is where it stands, or what the head or an anchor
 * kept elsewhere says.
 */
class AuditVerifyAttacksTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private Path home;
  private Path logs;

  private AppRun verify(String... more) {
    List<String> args = new ArrayList<>(List.of("audit", "verify", "--home", home.toString()));
    args.addAll(List.of(more));
    return AppRun.of(args, Map.of());
  }

  private void trail(int records, long maxBytes, int files) {
    home = dir.resolve("home");
    logs = home.resolve("logs");
    write(0, records, maxBytes, files);
  }

  /** The gateway's own writer appends decisions {@code from} to {@code to}. */
  private void write(int from, int to, long maxBytes, int files) {
    try {
      Files.createDirectories(logs);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try (AuditFile audit = new AuditFile(logs, maxBytes, files, () -> "laptop-1", () -> "v1")) {
      for (int n = from; n < to; n++) {
        audit.decided(AuditCommandTest.call(n, "worker"));
      }
    }
  }

  private List<String> lines(String file) throws Exception {
    return new ArrayList<>(Files.readAllLines(logs.resolve(file), StandardCharsets.UTF_8));
  }

  private void rewrite(String file, List<String> lines) throws Exception {
    Files.writeString(logs.resolve(file), String.join("\n", lines) + "\n");
  }

  private static String sha256(String line) {
    return AuditChain.sha256(line.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code SEQ:SHA256} of {@code line}, as verify prints a head to keep. */
  private static String anchor(long seq, String line) {
    return seq + ":" + sha256(line);
  }

  /** The attacker's head: what the writer would have written after {@code line}. */
  private void head(long seq, String line) throws Exception {
    Files.writeString(
        logs.resolve(AuditChain.HEAD_FILE),
        "{\"seq\":" + seq + ",\"sha256\":\"" + sha256(line) + "\"}\n");
  }

  /** The attacker's {@code audit.jsonl}, and the head that matches its last line. */
  private void forge(List<String> lines) throws Exception {
    rewrite("audit.jsonl", lines);
    String last = lines.get(lines.size() - 1);
    head(JSON.readTree(last).get(AuditChain.SEQ).asLong(), last);
  }

  /** A record of kind {@code chain} as the writer writes one, chained to {@code before}. */
  private static String chainRecord(String before, long seq, String event, String details) {
    return "{\"seq\":"
        + seq
        + ",\"prev\":\""
        + sha256(before)
        + "\",\"host\":\"laptop-1\",\"policy\":\"v1\",\"time\":\"2026-11-24T16:00:00Z\","
        + "\"kind\":\"chain\",\"outcome\":\"resumed\",\"reason\":\"forged\","
        + "\"chain\":{\"event\":\""
        + event
        + "\""
        + details
        + "}}";
  }

  /**
   * Rewrites {@code lines} from {@code from} on as one chain again, numbered from {@code firstSeq},
   * the first chained to the line before it: an attacker's edit of everything after a point.
   */
  private static void rechain(List<String> lines, int from, long firstSeq) throws Exception {
    for (int i = from; i < lines.size(); i++) {
      ObjectNode record = (ObjectNode) JSON.readTree(lines.get(i));
      record.put(AuditChain.SEQ, firstSeq + i - from);
      if (i > 0) {
        record.put(AuditChain.PREV, sha256(lines.get(i - 1)));
      }
      lines.set(i, JSON.writeValueAsString(record));
    }
  }

  private static void assertBroken(AppRun run, String at, String what) {
    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(AuditVerifyCommand.BROKEN);
    assertThat(run.out()).as(run.out()).startsWith("The audit trail is broken at " + at + ": ");
    assertThat(run.out()).as(run.out()).contains(what);
  }

  /**
   * Verify names the break at {@code before}, and still names one at {@code after} once the
   * gateway's writer has appended decision {@code next}: the writer recorded it, never hid it.
   */
  private void assertBrokenBeforeAndAfterAWrite(
      int next, String before, String beforeWhat, String after, String afterWhat) {
    assertBroken(verify(), before, beforeWhat);
    write(next, next + 1, 1 << 20, 3);
    assertBroken(verify(), after, afterWhat);
  }

  private static void assertNotAnchored(AppRun run, String at, String what) {
    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(AuditVerifyCommand.NOT_ANCHORED);
    assertThat(run.out())
        .as(run.out())
        .startsWith("The audit trail does not hold what was anchored, at " + at + ": ");
    assertThat(run.out()).as(run.out()).contains(what);
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Test
  void theTrailDeletedWhileItsHeadNamesRecordsIsBroken() throws Exception {
    trail(8, 1 << 20, 3);
    String kept = anchor(8, lines("audit.jsonl").get(7));
    Files.delete(logs.resolve("audit.jsonl"));

    assertBroken(verify(), AuditChain.HEAD_FILE, "it names seq 8, yet no file of the trail");
    assertBroken(
        verify("--anchor", kept), AuditChain.HEAD_FILE, "it names seq 8, yet no file of the trail");
  }

  @Test
  void theTrailAndItsHeadDeletedAreBrokenWhileTheWritersLockRemains() throws Exception {
    trail(8, 1 << 20, 3);
    Files.delete(logs.resolve("audit.jsonl"));
    Files.delete(logs.resolve(AuditChain.HEAD_FILE));

    assertBroken(verify(), AuditChain.LOCK_FILE, "a writer wrote records here");
  }

  @Test
  void logsDeletedFailsAgainstAnAnchorKeptElsewhere() throws Exception {
    trail(8, 1 << 20, 3);
    String kept = anchor(8, lines("audit.jsonl").get(7));
    deleteTree(logs);

    assertNotAnchored(verify("--anchor", kept), "the trail", "the anchor " + kept);
    AppRun alone = verify();
    assertThat(alone.exit()).as("nothing on the machine can tell: only the anchor").isZero();
    assertThat(alone.out()).contains("only an anchor kept elsewhere (--anchor) can tell");
  }

  @Test
  void theOldestRecordsCutAndAForgedRotationAppendedAreBroken() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    String cut = anchor(2, lines.get(1));
    String third = lines.get(2);
    List<String> kept = new ArrayList<>(lines.subList(3, 8));
    kept.add(
        chainRecord(
            kept.get(4),
            9,
            "rotated",
            ",\"removed\":\"audit.1.jsonl\",\"lastSeq\":3,\"lastSha256\":\""
                + sha256(third)
                + "\""));
    forge(kept);

    assertBroken(verify(), "audit.jsonl line 1 (seq 4)", "the trail's start is missing");
    assertThat(verify().out())
        .contains(
            "the `rotated` record that claims so is not the writer's: audit.jsonl line 6 (seq 9):"
                + " a `rotated` record stands only at the start of a file");
    AppRun anchored = verify("--anchor", cut);
    assertThat(anchored.exit()).isNotZero();
    assertThat(anchored.out()).doesNotContain("not checked");
  }

  @Test
  void aForgedRotationRecordAnywhereButAFilesStartIsBroken() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    lines.add(
        chainRecord(
            lines.get(7),
            9,
            "rotated",
            ",\"removed\":\"audit.1.jsonl\",\"lastSeq\":0,\"lastSha256\":\""
                + AuditChain.GENESIS
                + "\""));
    forge(lines);

    assertBroken(
        verify(), "audit.jsonl line 9 (seq 9)", "a `rotated` record stands only at the start");
  }

  /** Only the exported files: their start is not checked, so only the anchor can tell. */
  @Test
  void anAnchorTheFilesGivenDoNotHoldFailsRatherThanNotChecked() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    String cut = anchor(2, lines.get(1));
    rewrite("audit.jsonl", lines.subList(3, 8));

    AppRun run =
        AppRun.of(
            List.of("audit", "verify", "--anchor", cut, logs.resolve("audit.jsonl").toString()),
            Map.of());

    assertNotAnchored(run, logs.resolve("audit.jsonl") + " line 1 (seq 4)", "seq 2");
  }

  /** A rotation the writer did, chained where it stands, still lets older anchors go unchecked. */
  @Test
  void anAnchorAGenuineRotationRemovedIsSaidRotatedAway() throws Exception {
    trail(1, 1_500, 3);
    String first = anchor(1, lines("audit.jsonl").get(0));
    write(1, 80, 1_500, 3);

    AppRun run = verify("--anchor", first);

    assertThat(run.exit()).as(run.out()).isZero();
    assertThat(run.out()).contains("the anchor " + first + " is older than the trail's start");
  }

  @Test
  void aTrailRewrittenAsAnUnchainedLineAndAnAfterUnchainedRecordIsBroken() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    String at3 = anchor(3, lines.get(2));
    String at8 = anchor(8, lines.get(7));
    String old = "{\"time\":\"2026-11-01T00:00:00Z\",\"kind\":\"auth\",\"outcome\":\"ok\"}";
    List<String> forged = new ArrayList<>(List.of(old, chainRecord(old, 9, "after-unchained", "")));
    forge(forged);

    assertBroken(verify(), "audit.jsonl line 2 (seq 9)", "seq 1");
    assertBroken(verify("--anchor", at3, "--anchor", at8), "audit.jsonl line 2 (seq 9)", "seq 1");

    // Numbered as the writer would: the chain alone cannot tell, the anchors can.
    forged.set(1, chainRecord(old, 1, "after-unchained", ""));
    forge(forged);
    assertThat(verify().exit()).isZero();
    assertNotAnchored(verify("--anchor", at3), "audit.jsonl line 2 (seq 1)", "the anchor " + at3);
    assertNotAnchored(verify("--anchor", at8), "audit.jsonl line 2 (seq 1)", "the anchor " + at8);
  }

  @Test
  void linesWithoutTheChainAfterChainedRecordsAreBroken() throws Exception {
    trail(4, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    String old = "{\"time\":\"2026-11-01T00:00:00Z\",\"kind\":\"auth\",\"outcome\":\"ok\"}";
    lines.add(old);
    rewrite("audit.jsonl", lines);

    assertBrokenBeforeAndAfterAWrite(
        4,
        "audit.jsonl line 5",
        "the trail's last line is no record",
        "audit.jsonl line 6 (seq 5)",
        "`after-unchained` record stands only");
  }

  @Test
  void aChainRecordClaimingATornLineAfterAWholeRecordIsBroken() throws Exception {
    trail(4, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    lines.add(chainRecord(lines.get(3), 5, "after-torn", ",\"bytes\":40"));
    forge(lines);

    assertBroken(verify(), "audit.jsonl line 5 (seq 5)", "`after-torn` record stands only after");
  }

  @Test
  void aChainRecordThatBreaksSeqContinuityIsBroken() throws Exception {
    trail(3, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    String torn = "{\"seq\":4,\"pr";
    lines.add(torn);
    // Hides seq 4 to 19 behind a torn line.
    lines.add(chainRecord(torn, 20, "after-torn", ",\"bytes\":12"));
    forge(lines);

    assertBroken(verify(), "audit.jsonl line 5 (seq 20)", "its seq does not follow seq 3");
  }

  @Test
  void aRotationRecordThatJumpsItsSeqIsBroken() throws Exception {
    trail(80, 1_500, 3);
    List<String> lines = lines("audit.jsonl");
    assertThat(lines.get(0)).contains("\"event\":\"rotated\"");
    long seq = JSON.readTree(lines.get(0)).get("seq").asLong();
    rechain(lines, 0, seq + 5);
    forge(lines);

    assertBroken(
        verify(),
        "audit.2.jsonl line 1 (seq "
            + JSON.readTree(lines("audit.2.jsonl").get(0)).get("seq").asLong()
            + ")",
        "the `rotated` record that claims so is not the writer's: audit.jsonl line 1 (seq "
            + (seq + 5)
            + "): its seq does not follow seq");
  }

  @Test
  void theTailCutAndTheHeadDeletedStayBrokenAfterTheGatewayWritesAgain() throws Exception {
    trail(8, 1 << 20, 3);
    rewrite("audit.jsonl", lines("audit.jsonl").subList(0, 5));
    Files.delete(logs.resolve(AuditChain.HEAD_FILE));

    assertBrokenBeforeAndAfterAWrite(
        8,
        AuditChain.HEAD_FILE,
        "it is missing or unreadable",
        "audit.jsonl line 6 (seq 6)",
        "a writer found records up to seq 5 but no head");
  }

  @Test
  void theTailCutMidLineStaysBrokenAfterTheGatewayWritesAgain() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    Files.writeString(
        logs.resolve("audit.jsonl"),
        String.join("\n", lines.subList(0, 3)) + "\n" + lines.get(3).substring(0, 30));

    assertBrokenBeforeAndAfterAWrite(
        8,
        "audit.jsonl line 4",
        "the trail's last line is cut mid-line",
        "audit.jsonl line 6 (seq 9)",
        "records seq 4 to 8 were removed from the trail's end before a writer started again");
  }

  @Test
  void aTailRewrittenUnderAnOldHeadStaysBrokenAfterTheGatewayWritesAgain() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    lines.set(6, lines.get(6).replace("call-6", "call-x"));
    rechain(lines, 6, 7);
    rewrite("audit.jsonl", lines);

    assertBrokenBeforeAndAfterAWrite(
        8,
        "audit.jsonl line 8 (seq 8)",
        "its head (audit.head) holds another",
        "audit.jsonl line 9 (seq 9)",
        "its head (audit.head) named seq 8");
  }

  /** A head left behind by a writer stopped between its lines and its head is no break. */
  @Test
  void aHeadBehindTheTrailThatStillMatchesIsNoBreak() throws Exception {
    trail(8, 1 << 20, 3);
    head(6, lines("audit.jsonl").get(5));

    write(8, 9, 1 << 20, 3);

    AppRun run = verify();
    assertThat(run.exit()).as(run.out()).isZero();
  }
}
