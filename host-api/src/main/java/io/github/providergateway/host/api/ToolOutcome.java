package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.ToolErrorCode;

/**
 * How a tool call ended, as the host sees it. Exactly one outcome per call: the first terminal
 * event (result, cancel, timeout, provider gone) decides it (spec: Tool call terminal semantics).
 */
public sealed interface ToolOutcome
    permits ToolOutcome.Success, ToolOutcome.Failure, ToolOutcome.Denied {

  /** {@return which kind of outcome this is} */
  Status status();

  /** The kinds of outcome, as the host RPC names them. */
  enum Status {
    /** The tool ran and answered: {@link Success}. */
    SUCCESS("success"),
    /** The call failed, by the provider's word or the gateway's: {@link Failure}. */
    FAILURE("failure"),
    /** A pre-tool hook denied the call before it ran: {@link Denied}. */
    DENIED("denied");

    private final String wireName;

    Status(String wireName) {
      this.wireName = wireName;
    }

    /** {@return the name used in the host RPC's {@code outcome.status}} */
    public String wireName() {
      return wireName;
    }
  }

  /**
   * A success with the provider's data.
   *
   * @param data the provider's {@code data}; not null ({@code NullNode} for none)
   * @return the outcome
   */
  static ToolOutcome success(JsonNode data) {
    return new Success(data, null);
  }

  /**
   * A failure with a text and a code.
   *
   * @param code the code; its wire name becomes {@link Failure#codeText()}
   * @param error a human-readable text
   * @return the outcome
   */
  static ToolOutcome failure(ToolErrorCode code, String error) {
    return new Failure(error, code, code.wireName());
  }

  /**
   * The tool ran and answered.
   *
   * @param data the provider's {@code data} ({@code NullNode} when it sent none)
   * @param file the file a provider returned by reference, read by the gateway; else {@code null}
   */
  record Success(JsonNode data, FileContent file) implements ToolOutcome {
    /**
     * Checks that there is data.
     *
     * @param data the provider's {@code data}
     * @param file the file a provider returned by reference, or {@code null}
     * @throws NullPointerException when {@code data} is null
     */
    public Success {
      requireNonNull(data, "data");
    }

    @Override
    public Status status() {
      return Status.SUCCESS;
    }
  }

  /**
   * The call failed: the provider said so, or the gateway ended it.
   *
   * @param error a human-readable text
   * @param code the code; {@link ToolErrorCode#UNKNOWN} for one this library does not know
   * @param codeText the code exactly as the provider wrote it (forwarded unchanged)
   */
  record Failure(String error, ToolErrorCode code, String codeText) implements ToolOutcome {
    /**
     * Checks that every component is present.
     *
     * @param error a human-readable text
     * @param code the code
     * @param codeText the code exactly as the provider wrote it
     * @throws NullPointerException when a component is null
     */
    public Failure {
      requireNonNull(error, "error");
      requireNonNull(code, "code");
      requireNonNull(codeText, "codeText");
    }

    @Override
    public Status status() {
      return Status.FAILURE;
    }
  }

  /**
   * A pre-tool hook denied the call; the tool was not run.
   *
   * @param reason why
   */
  record Denied(String reason) implements ToolOutcome {
    /**
     * Checks that there is a reason.
     *
     * @param reason why the hook denied the call
     * @throws NullPointerException when {@code reason} is null
     */
    public Denied {
      requireNonNull(reason, "reason");
    }

    @Override
    public Status status() {
      return Status.DENIED;
    }
  }

  /**
   * A result a provider left in a file, as read by the gateway.
   *
   * @param mimeType the provider's MIME type for it
   * @param bytes the file's content
   */
  record FileContent(String mimeType, byte[] bytes) {
    /**
     * Checks the type and copies the content.
     *
     * @param mimeType the provider's MIME type for it
     * @param bytes the file's content; copied
     * @throws NullPointerException when either is null
     */
    public FileContent {
      requireNonNull(mimeType, "mimeType");
      bytes = bytes.clone();
    }

    /** {@return a copy of the content} */
    @Override
    public byte[] bytes() {
      return bytes.clone();
    }
  }
}
