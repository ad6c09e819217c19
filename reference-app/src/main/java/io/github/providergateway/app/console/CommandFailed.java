package io.github.providergateway.app.console;

import io.github.providergateway.host.api.HostException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A console command that could not be done; its message is shown as {@code error: ...}. {@link
 * #await} turns a refused or failed request into one. Not final: {@link CommandInterrupted} is the
 * one kind shown differently.
 */
public class CommandFailed extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How long a command waits for the gateway; tool calls end by their own timeout long before. */
  private static final Duration COMMAND_LIMIT = Duration.ofMinutes(10);

  CommandFailed(String message) {
    super(message, null, false, false);
  }

  /**
   * The future's value; a refused request becomes a {@link CommandFailed} with its reason. When the
   * waiting thread is interrupted (Ctrl-C) the future is cancelled, which cancels a tool call on
   * the gateway ({@link io.github.providergateway.host.api.HostApi#callTool}), and the command ends
   * with {@link CommandInterrupted}.
   */
  static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(COMMAND_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new CommandInterrupted("interrupted");
    } catch (TimeoutException e) {
      throw new CommandFailed("no answer within " + COMMAND_LIMIT.toMinutes() + " minutes");
    } catch (ExecutionException e) {
      throw new CommandFailed(rootMessage(e));
    }
  }

  /** What went wrong, for a person: a refusal's own message, else the cause itself. */
  public static String rootMessage(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof ExecutionException || cause instanceof CompletionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof HostException) {
      return cause.getMessage();
    }
    return String.valueOf(cause);
  }
}
