package io.github.providergateway.protocol;

/**
 * {@code tool.progress}: status for a slow call, shown in the session timeline. The call stays open
 * until its {@code tool.result}.
 */
public record ToolProgress(String id, String message) implements ProviderMessage {

  public ToolProgress {
    Require.nonEmpty(id, "id");
    Require.present(message, "message");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.TOOL_PROGRESS;
  }
}
