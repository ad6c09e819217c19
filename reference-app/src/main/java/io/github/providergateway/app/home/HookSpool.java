package io.github.providergateway.app.home;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.hook.OfflineDecision;
import io.github.providergateway.agent.hook.PersonAway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.host.AuditJson;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The decisions the hook took while no gateway ran (issue 78: they were in no record), kept until
 * the next gateway puts them in its audit trail: {@value #FILE} in the trail's folder, owner-only,
 * one record a line in the trail's shape (reasons masked as every record's are), code {@value
 * #CODE}, or {@value PersonAway#CODE} for a call the hook denied because the person is away
 * (decision 321: {@code gateway back} lists those, here and in the trail). The hook appends its
 * line with one write and never takes the chain's lock: a gateway starting holds it, and a hook
 * killed mid-write must tear at most its own spool line, never the chain. The next gateway, once
 * its listeners are in place, moves the spool aside, offers each record to them (the trail, its
 * exports, the status page) and deletes it. At most {@value #MAX_BYTES} bytes wait: past that the
 * hook keeps no more until a gateway has taken them.
 */
public final class HookSpool {

  /** The spool's name in the trail's folder. */
  public static final String FILE = "hook-decisions.jsonl";

  /** The code of a record the hook kept with no gateway. */
  public static final String CODE = "NO_GATEWAY";

  /** The most the spool holds; the hook keeps nothing more past it. */
  static final long MAX_BYTES = 1L << 20;

  /** The longest line read back: a record's reason is bounded well below it. */
  private static final int MAX_LINE = 64 * 1024;

  private static final String TAKING = FILE + ".taking";
  private static final ObjectMapper JSON = new ObjectMapper();

  private HookSpool() {}

  /**
   * Appends {@code decision}, taken at {@code at}, to the spool in {@code logDir}; nothing when the
   * spool is full.
   *
   * @return whether it was kept
   * @throws IOException when the folder or the spool cannot be written
   */
  public static boolean keep(Path logDir, OfflineDecision decision, Instant at) throws IOException {
    OwnerOnlyFiles.createDirectories(logDir);
    Path spool = logDir.resolve(FILE);
    if (Files.isSymbolicLink(spool)) {
      throw new IOException(spool + " is a symbolic link; not written through");
    }
    if (Files.exists(spool, LinkOption.NOFOLLOW_LINKS) && Files.size(spool) >= MAX_BYTES) {
      return false;
    }
    byte[] line =
        (AuditJson.decision(record(decision, at)) + "\n").getBytes(StandardCharsets.UTF_8);
    try (FileChannel channel =
        OwnerOnlyFiles.open(
            spool,
            Set.of(
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND,
                LinkOption.NOFOLLOW_LINKS))) {
      ByteBuffer bytes = ByteBuffer.wrap(line);
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
    }
    return true;
  }

  /**
   * Moves the spool in {@code logDir} aside and gives each record it holds to {@code into}, oldest
   * first, then deletes it; a spool a gateway stopped in the middle of is taken first. A line that
   * is not a record (torn by a hook killed mid-write) is passed over.
   *
   * @return how many records were given
   * @throws IOException when the spool cannot be read or moved
   */
  public static int takeInto(Path logDir, Consumer<Decision> into) throws IOException {
    Path taking = logDir.resolve(TAKING);
    Path spool = logDir.resolve(FILE);
    int given = 0;
    if (Files.exists(taking, LinkOption.NOFOLLOW_LINKS)) {
      given += give(taking, into);
    }
    try {
      Files.move(spool, taking, StandardCopyOption.ATOMIC_MOVE);
    } catch (NoSuchFileException none) {
      return given;
    }
    return given + give(taking, into);
  }

  private static int give(Path file, Consumer<Decision> into) throws IOException {
    byte[] bytes = RegularFileRead.read(SafeFiles.checkFile(file), (int) MAX_BYTES + MAX_LINE);
    int given = 0;
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
      Decision decision = parse(line);
      if (decision != null) {
        into.accept(decision);
        given++;
      }
    }
    Files.delete(file);
    return given;
  }

  /**
   * The records waiting in the spool in {@code logDir} (and in one a gateway stopped in the middle
   * of taking), oldest first, left where they are: what {@code gateway back} reads beside the
   * trail.
   *
   * @return the records; none when there is no spool
   * @throws IOException when a spool is there and cannot be read
   */
  public static List<Decision> waiting(Path logDir) throws IOException {
    List<Decision> waiting = new ArrayList<>();
    for (Path file : List.of(logDir.resolve(TAKING), logDir.resolve(FILE))) {
      if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      byte[] bytes = RegularFileRead.read(SafeFiles.checkFile(file), (int) MAX_BYTES + MAX_LINE);
      for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
        Decision decision = parse(line);
        if (decision != null) {
          waiting.add(decision);
        }
      }
    }
    return waiting;
  }

  /**
   * The record of {@code decision}: a {@code pre_tool_use} of its agent, its rule as the gate; code
   * {@value PersonAway#CODE} when it was denied because the person is away.
   */
  static Decision record(OfflineDecision decision, Instant at) {
    return record(
        at,
        decision.heldAway() ? PersonAway.CODE : CODE,
        decision.allowed(),
        decision.agent().word(),
        decision.tool(),
        decision.reason(),
        decision.ruleId());
  }

  /** The record a spool line holds, or null when it holds none. */
  static Decision parse(String line) {
    if (line.isBlank() || line.length() > MAX_LINE) {
      return null;
    }
    try {
      JsonNode json = JSON.readTree(line);
      JsonNode gate = json.path("gates").path(0);
      return record(
          Instant.parse(json.path("time").asText()),
          PersonAway.CODE.equals(text(json, "code")) ? PersonAway.CODE : CODE,
          "allow".equals(json.path("outcome").asText()),
          text(json, "agent"),
          text(json, "tool"),
          text(json, "reason"),
          gate.isObject() ? text(gate, "gateId") : null);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** One shape for what the hook writes and what the gateway reads back. */
  private static Decision record(
      Instant at,
      String code,
      boolean allowed,
      String agent,
      String tool,
      String reason,
      String ruleId) {
    Decision.Builder record =
        Decision.builder(
                at,
                DecisionKind.PRE_TOOL_USE,
                allowed ? Decision.Outcome.ALLOW : Decision.Outcome.DENY)
            .code(code)
            .agent(agent)
            .call(tool, null)
            .reason(reason);
    if (ruleId != null) {
      record.gates(
          List.of(
              new Decision.GateAnswer(
                  "guard", ruleId, "deny", reason, Duration.ZERO, false, null)));
    }
    return record.build();
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }
}
