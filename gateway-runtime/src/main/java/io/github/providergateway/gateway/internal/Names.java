package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.base.PeerText;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Hello;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The names a provider gives itself and its tools (docs/decisions, decision 24): 1 to 128 of {@code
 * A-Z a-z 0-9 _ . -}, the set agent hosts accept for tool names (MCP, Claude Code, Copilot CLI),
 * and {@code .} or {@code ..} alone are no provider name. Anything else (NUL, bidirectional
 * overrides such as U+202E, lone surrogates, 100,000 characters) is refused with {@code
 * INVALID_JSON} naming the field, before anything is registered, so that no host has to display or
 * route it, and provider names map one to one onto {@code persistDir} names.
 */
public final class Names {

  /** The grammar of provider, instance and tool names. */
  static final Pattern GRAMMAR = Pattern.compile(Hello.NAME_GRAMMAR);

  /** How much of a refused name an error message repeats. */
  private static final int SHOWN_CHARS = 40;

  private Names() {}

  /** Refuses a provider name or instance outside the grammar. */
  static void checkProvider(String field, String name) {
    if (name != null
        && (!GRAMMAR.matcher(name).matches() || name.equals(".") || name.equals(".."))) {
      throw refused(field, name);
    }
  }

  /**
   * Refuses a provider name the gateway signs with ({@link Hello#isReservedName}): a provider named
   * {@code gateway} would have its timeline lines reach the host as the gateway's own (pairing
   * codes) and its questions read as the gateway's; one over a transport named as a provider the
   * host runs in the gateway's process ({@code inProcessOnly}, such as the reference app's built-in
   * {@code guard}) would have its verdicts read as that provider's ({@code inProcess}: the
   * connection is in the gateway's process, which may take such a name). Not fatal: the provider
   * may try another name.
   */
  static void checkNotReserved(String name, boolean inProcess, List<String> inProcessOnly) {
    if (!inProcess && Hello.readsAs(name, inProcessOnly)) {
      throw new ProtocolViolation(
          ErrorCode.UNAUTHORIZED,
          "Provider name '"
              + shown(name)
              + "' is kept for a provider inside the gateway (such as a built-in guard), which"
              + " only a provider in its process may take (kept: "
              + String.join(", ", inProcessOnly)
              + ", in any case); say hello with another name");
    }
    if (Hello.isReservedName(name)) {
      throw new ProtocolViolation(
          ErrorCode.UNAUTHORIZED,
          "Provider name '"
              + shown(name)
              + "' is reserved for the gateway itself (reserved: "
              + String.join(", ", Hello.RESERVED_NAMES)
              + ", in any case); say hello with another name");
    }
  }

  /** Refuses a tool name outside the grammar. */
  static void checkTool(String field, String name) {
    if (!GRAMMAR.matcher(name).matches()) {
      throw refused(field, name);
    }
  }

  /** The longest stream name a provider may push to, filter or query. */
  static final int MAX_STREAM_CHARS = 128;

  /**
   * Refuses a stream name longer than {@value #MAX_STREAM_CHARS} characters. Stream names are free
   * text (the spec shows {@code ci-watch} and {@code git-watch@guardian}), but a stream's name is
   * held as long as the stream, outside what stream retention counts: 200 streams with megabyte
   * names would hold hundreds of megabytes.
   */
  static void checkStream(String field, String name) {
    if (name != null && name.length() > MAX_STREAM_CHARS) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_JSON,
          field
              + " '"
              + shown(name)
              + "' is longer than "
              + MAX_STREAM_CHARS
              + " characters ("
              + name.length()
              + " given)");
    }
  }

  private static ProtocolViolation refused(String field, String name) {
    return new ProtocolViolation(
        ErrorCode.INVALID_JSON,
        field
            + " '"
            + shown(name)
            + "' must be 1 to 128 of A-Z a-z 0-9 _ . - ("
            + name.length()
            + " chars given)");
  }

  /**
   * A name a provider gave, as a log line may show it: as it is when it fits the grammar, else
   * {@link #shown}.
   */
  static String forDisplay(String name) {
    return GRAMMAR.matcher(name).matches() ? name : shown(name);
  }

  /**
   * {@code text} as an error message may repeat it: at most 40 characters, anything outside
   * printable ASCII escaped as {@code \}{@code uXXXX}, so a peer's input cannot make a message (or
   * a close reason built from one) long, or make it display as something else.
   */
  static String shown(String text) {
    return PeerText.shown(text, SHOWN_CHARS);
  }
}
