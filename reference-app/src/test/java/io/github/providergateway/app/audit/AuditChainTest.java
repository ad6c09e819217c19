package io.github.providergateway.app.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.gateway.event.Decision;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit trail's hash chain as {@link AuditFile} writes it (issue 66): every record names the
 * hash of the line before; a writer that starts on a trail goes on with its chain, and says so in a
 * record where it cannot simply go on (a torn line, lines from before the chain, a trail cut at its
 * end); rotation carries the chain across files and records the file it deletes; two writers of one
 * trail make one chain.
 */
class AuditChainTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static Decision call(int n) {
    return AuditFileTest.call(n);
  }

  private AuditFile trail(long maxBytes, int files, String policy) {
    return new AuditFile(dir, maxBytes, files, () -> "laptop-7", () -> policy);
  }

  private void write(int from, int to) {
    try (AuditFile audit = trail(1 << 20, 3, "v1")) {
      for (int n = from; n < to; n++) {
        audit.decided(call(n));
      }
    }
  }

  private List<String> lines(String file) throws Exception {
    return Files.readAllLines(dir.resolve(file), StandardCharsets.UTF_8);
  }

  private static JsonNode json(String line) {
    try {
      return JSON.readTree(line);
    } catch (java.io.IOException e) {
      throw new AssertionError("not JSON: " + line, e);
    }
  }

  private static String sha256(String line) {
    return AuditChain.sha256(line.getBytes(StandardCharsets.UTF_8));
  }

  /** Each line names the hash of the one before; the first names the genesis value. */
  private static void assertChained(List<String> lines, String firstPrev, long firstSeq)
      throws Exception {
    String prev = firstPrev;
    long seq = firstSeq;
    for (String line : lines) {
      JsonNode record = json(line);
      assertThat(record.get("seq").asLong()).as(line).isEqualTo(seq++);
      assertThat(record.get("prev").asText()).as(line).isEqualTo(prev);
      prev = sha256(line);
    }
  }

  @Test
  void eachRecordCarriesItsHostPolicySeqAndTheHashOfTheLineBefore() throws Exception {
    write(0, 3);

    List<String> lines = lines("audit.jsonl");
    assertThat(lines).hasSize(3);
    assertChained(lines, AuditChain.GENESIS, 1);
    JsonNode first = json(lines.get(0));
    assertThat(first.get("host").asText()).isEqualTo("laptop-7");
    assertThat(first.get("policy").asText()).isEqualTo("v1");
    assertThat(first.get("kind").asText()).isEqualTo("tool_call");
    assertThat(lines.get(0)).startsWith("{\"seq\":1,\"prev\":\"" + AuditChain.GENESIS + "\"");
    assertThat(AuditChain.head(Files.readAllBytes(dir.resolve(AuditChain.HEAD_FILE))))
        .isEqualTo(new AuditChain.Head(3, sha256(lines.get(2))));
  }

  @Test
  void thePolicyIsAskedAsEachRecordIsWrittenAndAMissingOneIsSaidUnknown() throws Exception {
    AtomicReference<String> policy = new AtomicReference<>("2026-11-20.1");
    try (AuditFile audit = new AuditFile(dir, 1 << 20, 3, () -> "h", policy::get)) {
      audit.decided(call(1));
    }
    policy.set(null);
    try (AuditFile audit = new AuditFile(dir, 1 << 20, 3, () -> "h", policy::get)) {
      audit.decided(call(2));
    }
    try (AuditFile audit = new AuditFile(dir, 1 << 20, 3)) {
      audit.decided(call(3));
    }

    List<String> lines = lines("audit.jsonl");
    assertThat(lines)
        .extracting(line -> json(line).get("policy").asText())
        .containsExactly("2026-11-20.1", "unknown", AuditChain.BUILTIN_POLICY);
    assertThat(json(lines.get(2)).get("host").asText()).isNotBlank();
  }

  @Test
  void aWriterThatStartsOnATrailGoesOnWithItsChain() throws Exception {
    write(0, 2);
    write(2, 4);

    assertChained(lines("audit.jsonl"), AuditChain.GENESIS, 1);
    assertThat(lines("audit.jsonl")).hasSize(4);
  }

  @Test
  void aTornLastLineIsEndedAndTheNextWriterSaysSoInTheChain() throws Exception {
    write(0, 2);
    String torn = "{\"seq\":3,\"prev\":\"ab";
    Files.writeString(dir.resolve("audit.jsonl"), torn, StandardOpenOption.APPEND);

    write(2, 3);

    List<String> lines = lines("audit.jsonl");
    assertThat(lines).hasSize(5);
    assertThat(lines.get(2)).isEqualTo(torn);
    JsonNode said = json(lines.get(3));
    assertThat(said.get("kind").asText()).isEqualTo("chain");
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-torn");
    assertThat(said.get("chain").get("bytes").asInt()).isEqualTo(torn.length());
    assertThat(said.get("prev").asText()).isEqualTo(sha256(torn));
    assertThat(said.get("seq").asLong()).isEqualTo(3);
    assertThat(said.get("time").asText()).isEqualTo("2026-11-24T16:00:02Z");
    assertChained(lines.subList(3, 5), sha256(torn), 3);
  }

  @Test
  void aTrailFromBeforeTheChainIsContinuedWithARecordThatSaysSo() throws Exception {
    String old =
        "{\"time\":\"2026-11-01T00:00:00Z\",\"kind\":\"tool_call\",\"outcome\":\"success\"}";
    Files.writeString(dir.resolve("audit.jsonl"), old + "\n" + old + "\n");

    write(0, 1);

    List<String> lines = lines("audit.jsonl");
    JsonNode said = json(lines.get(2));
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-unchained");
    assertChained(lines.subList(2, 4), sha256(old), 1);
  }

  @Test
  void aTrailCutAtItsEndIsRecordedByTheNextWriterFromItsHead() throws Exception {
    write(0, 5);
    List<String> whole = lines("audit.jsonl");
    Files.write(
        dir.resolve("audit.jsonl"),
        (String.join("\n", whole.subList(0, 3)) + "\n").getBytes(StandardCharsets.UTF_8));

    write(5, 6);

    List<String> lines = lines("audit.jsonl");
    JsonNode said = json(lines.get(3));
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-truncation");
    assertThat(said.get("chain").get("headSeq").asLong()).isEqualTo(5);
    assertThat(said.get("chain").get("lastSeq").asLong()).isEqualTo(3);
    assertThat(said.get("seq").asLong()).isEqualTo(6);
    assertThat(said.get("prev").asText()).isEqualTo(sha256(whole.get(2)));
  }

  private JsonNode headFile() throws Exception {
    return json(Files.readString(dir.resolve(AuditChain.HEAD_FILE)));
  }

  private void head(long seq, String sha256) throws Exception {
    Files.writeString(
        dir.resolve(AuditChain.HEAD_FILE), "{\"seq\":" + seq + ",\"sha256\":\"" + sha256 + "\"}\n");
  }

  /** Records with no head beside them: cut at the end and the head deleted, or never headed. */
  @Test
  void recordsWithoutAHeadAreRecordedByTheNextWriterAsABadHead() throws Exception {
    write(0, 5);
    Files.delete(dir.resolve(AuditChain.HEAD_FILE));

    write(5, 6);

    List<String> lines = lines("audit.jsonl");
    JsonNode said = json(lines.get(5));
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-bad-head");
    assertThat(said.get("chain").get("headSeq").asLong()).isEqualTo(-1);
    assertThat(said.get("chain").get("lastSeq").asLong()).isEqualTo(5);
    assertThat(said.get("reason").asText()).contains("its head (audit.head) is missing");
    assertChained(lines, AuditChain.GENESIS, 1);
    assertThat(headFile().get("seq").asLong()).isEqualTo(7);
  }

  @Test
  void aHeadNamingARecordTheTrailHoldsWithAnotherHashIsRecordedAsABadHead() throws Exception {
    write(0, 5);
    head(3, sha256("another line"));

    write(5, 6);

    JsonNode said = json(lines("audit.jsonl").get(5));
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-bad-head");
    assertThat(said.get("chain").get("headSeq").asLong()).isEqualTo(3);
    assertThat(said.get("reason").asText()).contains("holds with another hash");
  }

  /** A writer stopped between its lines and its head leaves the head behind: no break. */
  @Test
  void aHeadBehindTheTrailThatStillMatchesGoesOnSilently() throws Exception {
    write(0, 5);
    head(3, sha256(lines("audit.jsonl").get(2)));

    write(5, 6);

    List<String> lines = lines("audit.jsonl");
    assertThat(lines).hasSize(6);
    assertChained(lines, AuditChain.GENESIS, 1);
  }

  /** A cut mid-line that took records the head names is a truncation, not only a torn line. */
  @Test
  void aTrailCutMidLineUnderItsHeadIsRecordedAsATruncation() throws Exception {
    write(0, 5);
    List<String> whole = lines("audit.jsonl");
    String cut = String.join("\n", whole.subList(0, 2)) + "\n" + whole.get(2).substring(0, 30);
    Files.writeString(dir.resolve("audit.jsonl"), cut);

    write(5, 6);

    List<String> lines = lines("audit.jsonl");
    assertThat(json(lines.get(3)).get("chain").get("event").asText()).isEqualTo("after-torn");
    assertThat(json(lines.get(3)).get("seq").asLong()).isEqualTo(3);
    JsonNode said = json(lines.get(4));
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-truncation");
    assertThat(said.get("chain").get("headSeq").asLong()).isEqualTo(5);
    assertThat(said.get("chain").get("lastSeq").asLong()).isEqualTo(2);
  }

  /** A torn first line of audit.jsonl goes on from the seq that ends the rotated file. */
  @Test
  void aTornFirstLineAfterRotationGoesOnFromTheRotatedFilesSeq() throws Exception {
    write(0, 4);
    Files.move(dir.resolve("audit.jsonl"), dir.resolve("audit.1.jsonl"));
    String torn = "{\"seq\":5,\"pr";
    Files.writeString(dir.resolve("audit.jsonl"), torn);

    write(4, 5);

    List<String> lines = lines("audit.jsonl");
    JsonNode said = json(lines.get(1));
    assertThat(said.get("chain").get("event").asText()).isEqualTo("after-torn");
    assertThat(said.get("seq").asLong()).isEqualTo(5);
    assertThat(lines).hasSize(3);
  }

  @Test
  void rotationCarriesTheChainAcrossFilesAndRecordsTheFileItDeleted() throws Exception {
    try (AuditFile audit = trail(1_500, 3, "v1")) {
      for (int n = 0; n < 60; n++) {
        audit.decided(call(n));
      }
    }

    List<String> all = new ArrayList<>();
    for (String file : List.of("audit.2.jsonl", "audit.1.jsonl", "audit.jsonl")) {
      all.addAll(lines(file));
    }
    JsonNode first = json(all.get(0));
    assertChained(all, first.get("prev").asText(), first.get("seq").asLong());
    assertThat(first.get("seq").asLong()).as("the oldest files were deleted").isGreaterThan(1);
    // The newest rotation record names the deleted file whose last line the oldest kept chains to.
    JsonNode rotated = null;
    for (String line : all) {
      if (json(line).path("chain").path("event").asText().equals("rotated")) {
        rotated = json(line);
      }
    }
    assertThat(rotated).isNotNull();
    assertThat(rotated.get("chain").get("removed").asText()).isEqualTo("audit.2.jsonl");
    assertThat(rotated.get("chain").get("lastSeq").asLong())
        .isEqualTo(first.get("seq").asLong() - 1);
    assertThat(rotated.get("chain").get("lastSha256").asText())
        .isEqualTo(first.get("prev").asText());
    assertThat(rotated.get("outcome").asText()).isEqualTo("rotated");
  }

  @Test
  void twoWritersOfOneTrailMakeOneChain() throws Exception {
    try (AuditFile gateway = trail(1 << 20, 3, "v1");
        AuditFile doctor = trail(1 << 20, 3, "v1")) {
      for (int n = 0; n < 40; n++) {
        (n % 3 == 0 ? doctor : gateway).decided(call(n));
      }
    }

    List<String> lines = lines("audit.jsonl");
    assertThat(lines).hasSize(40);
    assertChained(lines, AuditChain.GENESIS, 1);
  }

  @Test
  void theHostIsTheOrganisationsElseTheMachineIdHashedElseTheHostName() throws Exception {
    Path machineId = Files.writeString(dir.resolve("machine-id"), "0123456789abcdef\n");
    Path hostname = Files.writeString(dir.resolve("hostname"), "ada-laptop\n");
    SystemSettings none = SystemSettings.none(dir);
    SystemSettings named =
        new SystemSettings(
            dir,
            true,
            (com.fasterxml.jackson.databind.node.ObjectNode)
                JSON.readTree("{\"hostId\":\"fleet-0042\"}"),
            List.of());

    assertThat(HostId.of(named, List.of(machineId), List.of(hostname))).isEqualTo("fleet-0042");
    String derived = HostId.of(none, List.of(machineId), List.of(hostname));
    assertThat(derived).matches("mid-[0-9a-f]{16}").doesNotContain("0123456789abcdef");
    assertThat(HostId.of(none, List.of(machineId), List.of(hostname))).isEqualTo(derived);
    assertThat(HostId.of(none, List.of(dir.resolve("absent")), List.of(hostname)))
        .isEqualTo("ada-laptop");
    assertThat(HostId.of(none, List.of(), List.of())).isEqualTo(HostId.UNKNOWN);
  }
}
