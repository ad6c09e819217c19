package io.github.providergateway.protocol;

/**
 * {@code tool.progress}: status for a slow call, shown in the session timeline. The call stays open
 * until its {@code tool.result}.
 *
 * @param id the {@code id} of the {@code tool.call} it reports on
 * @param message the status text
 */
public record ToolProgress(String id, String message) implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param id the {@code id} of the {@code tool.call} it reports on
   * @param message the status text
   * @throws NullPointerException when {@code id} or {@code message} is null
   * @throws IllegalArgumentException when {@code id} is empty
   */
  public ToolProgress {
    Require.nonEmpty(id, "id");
    Require.present(message, "message");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.TOOL_PROGRESS;
  }
}
