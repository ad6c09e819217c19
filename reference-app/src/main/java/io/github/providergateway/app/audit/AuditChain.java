package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The audit trail's hash chain (issue 66, docs/audit.md "The audit trail's chain"): the fields each
 * line of {@code audit.jsonl} carries so that an edit shows, and how a line is read back as a link
 * of it. Shared by the writer ({@link AuditFile}) and by {@code gateway audit verify}, so both
 * speak of the same bytes.
 *
 * <p>Every record carries {@value #SEQ} (1, 2, 3, … along the whole trail, across its files),
 * {@value #PREV} (the SHA-256, hex, of the previous line's exact bytes without its line end; the
 * first record of a fresh trail has {@link #GENESIS}), {@value #HOST} (whose machine wrote it) and
 * {@value #POLICY} (the policy version in force). A record of kind {@value #KIND} is the writer's
 * own: it says where the chain legitimately does not run on from the line before ({@link Event}).
 */
public final class AuditChain {

  /** The sequence number, from 1. */
  public static final String SEQ = "seq";

  /** The hash of the line before, hex. */
  public static final String PREV = "prev";

  /** The host that wrote the record. */
  public static final String HOST = "host";

  /** The policy version in force when the record was written. */
  public static final String POLICY = "policy";

  /** The kind of the writer's own records about the chain. */
  public static final String KIND = "chain";

  /** The field of a {@value #KIND} record that says what happened to the chain. */
  public static final String EVENT = "chain";

  /** What the first record of a fresh trail names as the line before it: 64 zeros. */
  public static final String GENESIS = "0".repeat(64);

  /** The policy version a gateway with no signed policy runs: its built-in rules. */
  public static final String BUILTIN_POLICY = "builtin";

  /**
   * The file beside the trail that holds its newest record's {@value #SEQ} and hash ({@code
   * {"seq":N,"sha256":"…"}}), rewritten after each batch: what tells a trail cut at its end.
   */
  public static final String HEAD_FILE = "audit.head";

  /** The file the writers of one trail lock, one process at a time (a gateway, {@code doctor}). */
  public static final String LOCK_FILE = "audit.lock";

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private AuditChain() {}

  /**
   * What a {@value #KIND} record says about the chain, as its {@value #EVENT} field's {@code
   * "event"} spells it.
   */
  public enum Event {
    /**
     * Rotation deleted the oldest file: {@code removed} names it, {@code lastSeq} and {@code
     * lastSha256} its last line, which the oldest file kept chains to. A trail may start there.
     */
    ROTATED("rotated"),
    /**
     * The line before is a torn record (a writer stopped mid-line): the chain runs on from it, and
     * the torn record is lost. {@code bytes} is its length.
     */
    AFTER_TORN("after-torn"),
    /** The lines before were written before the chain (an older gateway): they are not checked. */
    AFTER_UNCHAINED("after-unchained"),
    /** The line before is no record at all, yet whole: the writer found it so and says so. */
    AFTER_NOT_A_RECORD("after-not-a-record"),
    /**
     * The trail ended before its head said it did ({@code headSeq}): records were removed from its
     * end, or the whole trail, before this writer started. Always a break for verify.
     */
    AFTER_TRUNCATION("after-truncation"),
    /**
     * The trail held records, yet its head was missing, unreadable, or named a record the trail
     * does not hold with that hash ({@code headSeq}, -1 when there was none; {@code lastSeq}, the
     * last record found): records were cut or changed at its end and the head removed or left
     * behind, before this writer started (issue 78). Always a break for verify.
     */
    AFTER_BAD_HEAD("after-bad-head");

    private final String wire;

    Event(String wire) {
      this.wire = wire;
    }

    /** {@return the event as a record spells it} */
    public String wire() {
      return wire;
    }

    /** {@return the event spelled {@code wire}, or null when there is none} */
    public static Event fromWire(String wire) {
      for (Event event : values()) {
        if (event.wire.equals(wire)) {
          return event;
        }
      }
      return null;
    }
  }

  /**
   * A line of the trail read as a link of the chain.
   *
   * @param seq its sequence number
   * @param prev the hash it names as the line before's
   * @param record the whole record
   */
  public record Link(long seq, String prev, JsonNode record) {

    /** {@return the chain event this record announces, or null for an ordinary record} */
    public Event event() {
      JsonNode chain = record.path(EVENT);
      return KIND.equals(record.path("kind").asText())
          ? Event.fromWire(chain.path("event").asText())
          : null;
    }

    /** {@return the text field {@code name} of the record's chain event, or null} */
    public String eventText(String name) {
      JsonNode value = record.path(EVENT).path(name);
      return value.isValueNode() ? value.asText() : null;
    }

    /** {@return the number field {@code name} of the record's chain event, or -1} */
    public long eventNumber(String name) {
      JsonNode value = record.path(EVENT).path(name);
      return value.canConvertToLong() ? value.asLong() : -1;
    }
  }

  /**
   * The SHA-256 of {@code line}, hex: what the next record names as {@value #PREV}.
   *
   * @param line a line's bytes, without its line end
   * @return 64 hex digits
   */
  public static String sha256(byte[] line) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(line));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /**
   * {@code line} as a link of the chain, or null when it is none: not JSON, not an object, or
   * without a whole-number {@value #SEQ} of at least 1 and a 64-hex-digit {@value #PREV}.
   *
   * @param line a line's bytes, without its line end
   * @return the link, or null
   */
  public static Link link(byte[] line) {
    JsonNode record = object(line);
    if (record == null) {
      return null;
    }
    JsonNode seq = record.path(SEQ);
    JsonNode prev = record.path(PREV);
    if (!seq.isIntegralNumber()
        || seq.asLong() < 1
        || !prev.isTextual()
        || !prev.asText().matches("[0-9a-f]{64}")) {
      return null;
    }
    return new Link(seq.asLong(), prev.asText(), record);
  }

  /** {@return {@code line} as a JSON object, or null when it is none} */
  public static JsonNode object(byte[] line) {
    try {
      JsonNode json = CODEC.parseJson(new String(line, StandardCharsets.UTF_8));
      return json.isObject() ? json : null;
    } catch (IllegalArgumentException notJson) {
      return null;
    }
  }

  /**
   * A record of the chain: {@code body}'s fields after the chain's own, in that order, so that a
   * person reading a line sees where it stands first.
   *
   * @param seq its sequence number
   * @param prev the previous line's hash
   * @param host the host that writes it
   * @param policy the policy version in force
   * @param body the record itself (a decision in {@code AuditJson}'s shape)
   * @return the record to write
   */
  static ObjectNode record(long seq, String prev, String host, String policy, ObjectNode body) {
    ObjectNode record = JsonNodeFactory.instance.objectNode();
    record.put(SEQ, seq);
    record.put(PREV, prev);
    record.put(HOST, host);
    record.put(POLICY, policy);
    body.fields().forEachRemaining(field -> record.set(field.getKey(), field.getValue()));
    return record;
  }

  /**
   * The head file's content: the newest record's sequence number and hash.
   *
   * @param seq the newest record's {@value #SEQ}
   * @param sha256 the hash of its line
   * @return one line of JSON
   */
  static byte[] head(long seq, String sha256) {
    ObjectNode head = JsonNodeFactory.instance.objectNode();
    head.put(SEQ, seq);
    head.put("sha256", sha256);
    return (head + "\n").getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A head file's content read back.
   *
   * @param seq the newest record's sequence number when it was written
   * @param sha256 the hash of that record's line
   */
  public record Head(long seq, String sha256) {}

  /** {@return {@code bytes}, a head file's content, read back; null when it is no head} */
  public static Head head(byte[] bytes) {
    int end = bytes.length;
    while (end > 0 && (bytes[end - 1] == '\n' || bytes[end - 1] == '\r')) {
      end--;
    }
    JsonNode json = object(java.util.Arrays.copyOf(bytes, end));
    if (json == null
        || !json.path(SEQ).isIntegralNumber()
        || !json.path("sha256").asText("").matches("[0-9a-f]{64}")) {
      return null;
    }
    return new Head(json.path(SEQ).asLong(), json.path("sha256").asText());
  }
}
