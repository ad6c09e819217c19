package io.github.providergateway.protocol;

/**
 * What a tool declares of what it does, as MCP's tool annotations say it: hints, which a client
 * must not trust from a server it does not trust, and which the gateway's guard uses only to ask or
 * deny more, never to allow more (docs/guard.md, "MCP tools by what they do"). Optional in a tool
 * definition ({@code "annotations"}); a gateway that does not know the field ignores it.
 *
 * @param destructiveHint the tool may destroy or overwrite (MCP's default when absent: true), or
 *     {@code null} when not declared
 * @param readOnlyHint the tool changes nothing, or {@code null}
 * @param openWorldHint the tool reaches beyond the local machine (the web, other services), or
 *     {@code null}
 * @param idempotentHint calling it again with the same arguments does nothing more, or {@code null}
 */
public record ToolAnnotations(
    Boolean destructiveHint, Boolean readOnlyHint, Boolean openWorldHint, Boolean idempotentHint) {

  /**
   * The hints a tool declared, or {@code null} when it declared none: an annotations object with no
   * known hint reads as no annotations, wherever it is read (the wire, the host's tools, an MCP
   * server's).
   *
   * @param destructiveHint {@code destructiveHint}, or {@code null}
   * @param readOnlyHint {@code readOnlyHint}, or {@code null}
   * @param openWorldHint {@code openWorldHint}, or {@code null}
   * @param idempotentHint {@code idempotentHint}, or {@code null}
   * @return the annotations, or {@code null}
   */
  public static ToolAnnotations declared(
      Boolean destructiveHint,
      Boolean readOnlyHint,
      Boolean openWorldHint,
      Boolean idempotentHint) {
    ToolAnnotations annotations =
        new ToolAnnotations(destructiveHint, readOnlyHint, openWorldHint, idempotentHint);
    return annotations.isEmpty() ? null : annotations;
  }

  /** {@return whether no hint is declared} */
  public boolean isEmpty() {
    return destructiveHint == null
        && readOnlyHint == null
        && openWorldHint == null
        && idempotentHint == null;
  }
}
