package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.audit.AuditChain;
import io.github.providergateway.app.audit.AuditFile;
import io.github.providergateway.app.audit.AuditVerifyCommand;
import io.github.providergateway.app.cli.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway audit verify} (issue 66): a whole trail verifies, and each way of editing it (a
 * byte changed, a line deleted, inserted or moved, a rotated file removed, the newest cut) is named
 * at the first record it concerns, with exit code {@value AuditVerifyCommand#BROKEN}; a rotation
 * that deleted the oldest file still verifies.
 */
class AuditVerifyCommandTest {

  @TempDir Path dir;

  private Path home;
  private Path logs;

  private static AppRun gateway(String... args) {
    return AppRun.of(List.of(args), Map.of());
  }

  private AppRun verify(String... more) {
    List<String> args = new ArrayList<>(List.of("audit", "verify", "--home", home.toString()));
    args.addAll(List.of(more));
    return AppRun.of(args, Map.of());
  }

  /** A trail of {@code records} decisions in files of {@code maxBytes}, at most {@code files}. */
  private void trail(int records, long maxBytes, int files) throws Exception {
    home = dir.resolve("home");
    logs = home.resolve("logs");
    Files.createDirectories(logs);
    try (AuditFile audit = new AuditFile(logs, maxBytes, files, () -> "laptop-1", () -> "v1")) {
      for (int n = 0; n < records; n++) {
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

  /** Verifies a trail of {@code records} in one file after {@code edit} changed its lines. */
  private AppRun verifyEdited(int records, Consumer<List<String>> edit) throws Exception {
    trail(records, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    edit.accept(lines);
    rewrite("audit.jsonl", lines);
    return verify();
  }

  private static void assertBroken(AppRun run, String at, String what) {
    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(AuditVerifyCommand.BROKEN);
    assertThat(run.out()).startsWith("The audit trail is broken at " + at + ": " + what);
  }

  @Test
  void aWholeTrailVerifiesAndPrintsItsHeadToKeepElsewhere() throws Exception {
    trail(5, 1 << 20, 3);
    String last = lines("audit.jsonl").get(4);
    String head = "5:" + AuditChain.sha256(last.getBytes(StandardCharsets.UTF_8));

    AppRun run = verify();

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .startsWith("The audit trail is whole: 5 record(s) in 1 file(s), up to seq 5.")
        .contains("the trail starts at its first record (seq 1)")
        .contains("Head: " + head + "  (audit.jsonl line 5 (seq 5))")
        .contains("gateway audit verify --anchor " + head);

    AppRun anchored = verify("--anchor", head);
    assertThat(anchored.exit()).isZero();
    assertThat(anchored.out()).contains("the anchor " + head + " is in the trail");
  }

  @Test
  void aRotationThatDeletedTheOldestFileVerifiesClean() throws Exception {
    trail(80, 1_500, 3);
    assertThat(logs.resolve("audit.2.jsonl")).exists();
    assertThat(logs.resolve("audit.3.jsonl")).doesNotExist();

    AppRun run = verify();

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("rotation removed audit.2.jsonl before it (recorded at");
  }

  @Test
  void aByteChangedInAMiddleRecordNamesThatRecord() throws Exception {
    assertBroken(
        verifyEdited(6, lines -> lines.set(2, lines.get(2).replace("call-2", "call-9"))),
        "audit.jsonl line 3 (seq 3)",
        "it was changed: the record after it holds the hash of other bytes");
  }

  @Test
  void aByteThatBreaksARecordsJsonNamesThatLine() throws Exception {
    assertBroken(
        verifyEdited(6, lines -> lines.set(2, lines.get(2).replaceFirst("\\{", "["))),
        "audit.jsonl line 3",
        "it was changed: it is no longer a record");
  }

  @Test
  void aDeletedLineIsNamedWithTheSeqsMissing() throws Exception {
    assertBroken(
        verifyEdited(6, lines -> lines.remove(3)),
        "audit.jsonl line 4 (seq 5)",
        "records seq 4 to 4 were removed before it");
  }

  @Test
  void anInsertedLineIsNamed() throws Exception {
    // A copy of an earlier record, as an attacker might insert.
    assertBroken(
        verifyEdited(6, lines -> lines.add(3, lines.get(1))),
        "audit.jsonl line 4 (seq 2)",
        "it was inserted");

    List<String> forged = lines("audit.jsonl");
    forged.remove(3);
    forged.add(3, "{\"kind\":\"tool_call\",\"outcome\":\"success\",\"tool\":\"innocent\"}");
    rewrite("audit.jsonl", forged);
    assertBroken(verify(), "audit.jsonl line 4", "it was inserted");
  }

  @Test
  void twoRecordsSwappedAreNamedOutOfOrder() throws Exception {
    assertBroken(
        verifyEdited(6, lines -> lines.set(3, lines.set(2, lines.get(3)))),
        "audit.jsonl line 3 (seq 4)",
        "the records are out of order");
  }

  @Test
  void aRecordMovedFurtherIsNamedOutOfOrder() throws Exception {
    trail(8, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    String moved = lines.remove(1);
    lines.add(5, moved);
    rewrite("audit.jsonl", lines);

    assertBroken(
        verify(),
        "audit.jsonl line 2 (seq 3)",
        "the records are out of order: seq 2 stands later, at audit.jsonl line 6");
  }

  @Test
  void aMiddleRotatedFileRemovedIsNamed() throws Exception {
    trail(40, 1_500, 5);
    assertThat(logs.resolve("audit.3.jsonl")).exists();
    Files.delete(logs.resolve("audit.2.jsonl"));

    AppRun run = verify();

    assertThat(run.exit()).isEqualTo(AuditVerifyCommand.BROKEN);
    assertThat(run.out())
        .startsWith("The audit trail is broken at audit.1.jsonl line 1 (seq ")
        .contains(
            "were removed before it (audit.2.jsonl, which stood before audit.1.jsonl, is"
                + " missing)");
  }

  @Test
  void theOldestFileRemovedWithoutRotationIsNamed() throws Exception {
    trail(40, 1_500, 5);
    Files.delete(logs.resolve("audit.4.jsonl"));

    AppRun run = verify();

    assertThat(run.exit()).isEqualTo(AuditVerifyCommand.BROKEN);
    assertThat(run.out())
        .startsWith("The audit trail is broken at audit.3.jsonl line 1 (seq ")
        .contains("the trail's start is missing");
  }

  @Test
  void theNewestCutMidLineIsNamed() throws Exception {
    trail(6, 1 << 20, 3);
    byte[] bytes = Files.readAllBytes(logs.resolve("audit.jsonl"));
    Files.write(logs.resolve("audit.jsonl"), java.util.Arrays.copyOf(bytes, bytes.length - 40));

    assertBroken(verify(), "audit.jsonl line 6", "the trail's last line is cut mid-line");
  }

  @Test
  void theNewestCutAtALineEndIsNamedFromTheHead() throws Exception {
    trail(6, 1 << 20, 3);
    List<String> lines = lines("audit.jsonl");
    rewrite("audit.jsonl", lines.subList(0, 4));

    assertBroken(
        verify(),
        "audit.jsonl line 4 (seq 4)",
        "the trail ends at seq 4, yet its head (audit.head) names seq 6: records were removed"
            + " from its end");

    Files.delete(logs.resolve(AuditChain.HEAD_FILE));
    assertBroken(verify(), AuditChain.HEAD_FILE, "it is missing or unreadable");
  }

  /** A writer that found the end cut recorded it: the record is a break, never a pass. */
  @Test
  void aCutEndAWriterRecordedStaysBroken() throws Exception {
    trail(6, 1 << 20, 3);
    rewrite("audit.jsonl", lines("audit.jsonl").subList(0, 4));
    try (AuditFile audit = new AuditFile(logs, 1 << 20, 3, () -> "laptop-1", () -> "v1")) {
      audit.decided(AuditCommandTest.call(50, "worker"));
    }

    assertBroken(
        verify(),
        "audit.jsonl line 5 (seq 7)",
        "records seq 5 to 6 were removed from the trail's end before a writer started again");
  }

  /**
   * A gateway killed mid-line, then started again: recorded in the chain, so the trail is whole.
   */
  @Test
  void aTornLineTheNextWriterRecordedVerifiesWithANote() throws Exception {
    trail(3, 1 << 20, 3);
    Files.writeString(
        logs.resolve("audit.jsonl"), "{\"seq\":4,\"pr", java.nio.file.StandardOpenOption.APPEND);
    try (AuditFile audit = new AuditFile(logs, 1 << 20, 3, () -> "laptop-1", () -> "v1")) {
      audit.decided(AuditCommandTest.call(50, "worker"));
    }

    AppRun run = verify();

    assertThat(run.exit()).as(run.out()).isZero();
    assertThat(run.out())
        .contains(
            "audit.jsonl line 4 is a torn record; the writer recorded it at audit.jsonl line 5");
  }

  /**
   * An older gateway's lines before the chain are said unchecked; the chain after them is whole.
   */
  @Test
  void linesFromBeforeTheChainAreSaidUncheckedAndTheRestVerifies() throws Exception {
    home = dir.resolve("home");
    logs = home.resolve("logs");
    Files.createDirectories(logs);
    String old = "{\"time\":\"2026-11-01T00:00:00Z\",\"kind\":\"auth\",\"outcome\":\"ok\"}";
    Files.writeString(logs.resolve("audit.jsonl"), old + "\n" + old + "\n");
    try (AuditFile audit = new AuditFile(logs, 1 << 20, 3, () -> "laptop-1", () -> "v1")) {
      audit.decided(AuditCommandTest.call(1, "worker"));
    }

    AppRun run = verify();

    assertThat(run.exit()).as(run.out()).isZero();
    assertThat(run.out())
        .contains("2 line(s) at the start were written before the trail was chained: not checked");
  }

  /**
   * An older gateway's rotated file, then the chain from an empty audit.jsonl: once rotation
   * removes the older lines, the trail starts at the writer's after-unchained record, as rotation
   * recorded.
   */
  @Test
  void aTrailThatStartsAtItsAfterUnchainedRecordOnceRotationRemovedTheOlderLinesVerifies()
      throws Exception {
    home = dir.resolve("home");
    logs = home.resolve("logs");
    Files.createDirectories(logs);
    String old = "{\"time\":\"2026-11-01T00:00:00Z\",\"kind\":\"auth\",\"outcome\":\"ok\"}";
    Files.writeString(logs.resolve("audit.1.jsonl"), old + "\n" + old + "\n");
    Files.writeString(logs.resolve("audit.jsonl"), "");
    try (AuditFile audit = new AuditFile(logs, 1_500, 2, () -> "laptop-1", () -> "v1")) {
      for (int n = 0; n < 6; n++) {
        audit.decided(AuditCommandTest.call(n, "worker"));
      }
    }
    assertThat(lines("audit.1.jsonl").get(0)).contains("after-unchained");

    AppRun run = verify();

    assertThat(run.exit()).as(run.out()).isZero();
    assertThat(run.out()).contains("the trail starts at seq 1: rotation removed audit.1.jsonl");
  }

  @Test
  void aTrailRewrittenWholeFailsOnlyAgainstAnAnchorKeptElsewhere() throws Exception {
    trail(3, 1 << 20, 3);
    String kept =
        "3:" + AuditChain.sha256(lines("audit.jsonl").get(2).getBytes(StandardCharsets.UTF_8));
    // Someone with the user's rights writes a new trail with the chain's own writer.
    Files.delete(logs.resolve("audit.jsonl"));
    Files.delete(logs.resolve(AuditChain.HEAD_FILE));
    try (AuditFile audit = new AuditFile(logs, 1 << 20, 3, () -> "laptop-1", () -> "v1")) {
      for (int n = 10; n < 14; n++) {
        audit.decided(AuditCommandTest.call(n, "worker"));
      }
    }

    assertThat(verify().exit()).as("the chain alone cannot tell").isZero();
    AppRun anchored = verify("--anchor", kept);
    assertThat(anchored.exit()).isEqualTo(AuditVerifyCommand.NOT_ANCHORED);
    assertThat(anchored.out())
        .startsWith(
            "The audit trail does not hold what was anchored, at audit.jsonl line 3 (seq 3): it"
                + " was changed: the anchor "
                + kept
                + " holds another hash");
  }

  @Test
  void theFilesGivenAreVerifiedInTheOrderGiven() throws Exception {
    trail(30, 1_500, 5);
    AppRun inOrder =
        gateway(
            "audit",
            "verify",
            logs.resolve("audit.1.jsonl").toString(),
            logs.resolve("audit.jsonl").toString());
    AppRun reversed =
        gateway(
            "audit",
            "verify",
            logs.resolve("audit.jsonl").toString(),
            logs.resolve("audit.1.jsonl").toString());

    assertThat(inOrder.exit()).as(inOrder.out()).isZero();
    assertThat(inOrder.out()).contains("chained to a record they do not hold: their start is not");
    assertThat(reversed.exit()).isEqualTo(AuditVerifyCommand.BROKEN);
  }

  @Test
  void aBadAnchorIsAUsageErrorAndNoHomeCannotBeRead() throws Exception {
    trail(1, 1 << 20, 3);
    AppRun bad = verify("--anchor", "3:xyz");
    AppRun none = gateway("audit", "verify", "--home", dir.resolve("nowhere").toString());

    assertThat(bad.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(bad.err()).startsWith("gateway audit verify: --anchor takes SEQ:SHA256");
    assertThat(none.exit()).isEqualTo(ExitCodes.START_FAILED);
  }

  /** A real gateway's trail, written as it decided, verifies; the same with a record edited. */
  @Test
  void aGatewaysOwnTrailVerifies() throws Exception {
    home = dir.resolve("gw");
    logs = home.resolve("logs");
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("hook shell {\"command\":\"rm -rf /\"}");
      console.awaitLine("deny: guard: fs.delete-root");
    }

    AppRun run = verify();

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    List<String> lines = lines("audit.jsonl");
    int denied = 0;
    while (!lines.get(denied).contains("fs.delete-root")) {
      denied++;
    }
    lines.set(denied, lines.get(denied).replace("\"deny\"", "\"allow\""));
    rewrite("audit.jsonl", lines);
    AppRun edited = verify();
    assertThat(edited.exit()).isEqualTo(AuditVerifyCommand.BROKEN);
    assertThat(edited.out()).contains("line " + (denied + 1) + " (seq " + (denied + 1) + ")");
  }
}
