package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The audit trail read back from its files ({@link AuditFile}: {@code audit.jsonl} and the rotated
 * {@code audit.n.jsonl}), for {@code gateway audit}: with no gateway running, the files are all
 * there is. The rotated files are read oldest first, then {@code audit.jsonl}, so the decisions
 * come oldest first as {@code audit.query} gives them. A line that is not a JSON object (the half
 * line of a gateway killed while it wrote) is skipped and counted.
 */
public final class AuditTrailFiles {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  /** More rotated files than any gateway keeps: where the search for them stops. */
  private static final int MOST_FILES = 1_000;

  private final Path dir;

  /** Lines skipped so far, for {@link #unreadableLines}. */
  private int unreadable;

  /**
   * The trail in {@code dir}, a home's {@code logs/}.
   *
   * @param dir the folder the gateway writes the trail in
   */
  public AuditTrailFiles(Path dir) {
    this.dir = dir;
  }

  /** Whether any file of the trail is there. */
  public boolean exists() {
    return Files.exists(AuditFile.current(dir), LinkOption.NOFOLLOW_LINKS)
        || Files.exists(AuditFile.older(dir, 1), LinkOption.NOFOLLOW_LINKS);
  }

  /** How many lines of the files read so far were no decision. */
  public int unreadableLines() {
    return unreadable;
  }

  /**
   * The newest {@code filter.limit()} decisions that match, oldest first.
   *
   * @throws IOException when a file of the trail cannot be read
   */
  public List<JsonNode> read(AuditFilter filter) throws IOException {
    Deque<JsonNode> newest = new ArrayDeque<>();
    for (Path file : filesOldestFirst()) {
      for (String line : lines(file)) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode decision = decision(line);
        if (decision == null) {
          unreadable++;
        } else if (matches(filter, decision)) {
          newest.addLast(decision);
          if (newest.size() > filter.limit()) {
            newest.removeFirst();
          }
        }
      }
    }
    return new ArrayList<>(newest);
  }

  /** The rotated files, the oldest (highest number) first, then the one being written. */
  private List<Path> filesOldestFirst() {
    List<Path> files = new ArrayList<>();
    for (int n = 1; n <= MOST_FILES; n++) {
      Path older = AuditFile.older(dir, n);
      if (!Files.exists(older, LinkOption.NOFOLLOW_LINKS)) {
        break;
      }
      files.add(0, older);
    }
    if (Files.exists(AuditFile.current(dir), LinkOption.NOFOLLOW_LINKS)) {
      files.add(AuditFile.current(dir));
    }
    return files;
  }

  /** The file's lines, as {@link AuditFile#readBack} reads a trail's file. */
  private static String[] lines(Path file) throws IOException {
    return new String(AuditFile.readBack(file), StandardCharsets.UTF_8).split("\n");
  }

  /** A line as a decision, or null when it is none. */
  private static JsonNode decision(String line) {
    try {
      JsonNode json = CODEC.parseJson(line);
      return json.isObject() ? json : null;
    } catch (IllegalArgumentException notJson) {
      return null;
    }
  }

  /**
   * Whether {@code decision}, as the trail writes it, matches each field {@code filter} sets: the
   * test {@code DecisionLog} makes of the gateway's own decisions, on their JSON.
   */
  static boolean matches(AuditFilter filter, JsonNode decision) {
    return same(filter.sessionId(), decision, "sessionId")
        && same(filter.provider(), decision, "provider")
        && same(filter.tool(), decision, "tool")
        && (filter.kind() == null || filter.kind().equalsIgnoreCase(decision.path("kind").asText()))
        && same(filter.callId(), decision, "callId")
        && (filter.since() == null || notBefore(decision, filter.since()));
  }

  private static boolean same(String wanted, JsonNode decision, String field) {
    return wanted == null || wanted.equals(decision.path(field).asText(null));
  }

  private static boolean notBefore(JsonNode decision, Instant since) {
    try {
      return !Instant.parse(decision.path("time").asText()).isBefore(since);
    } catch (DateTimeParseException noTime) {
      return false;
    }
  }
}
