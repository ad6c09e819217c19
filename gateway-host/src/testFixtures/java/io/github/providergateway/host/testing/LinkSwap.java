package io.github.providergateway.host.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A symbolic link on the way to a gateway's home, pointed elsewhere at the worst moment: between a
 * file's check ({@code SafeFiles}) and its read, where a reader of a home's files lets a test step
 * in. What another user could do to a link in a directory they may write; a reader that opens the
 * path the check returned is not moved by it.
 */
public final class LinkSwap {

  private LinkSwap() {}

  /**
   * A step that points {@code link} at {@code target} instead, for a reader's after-check hook.
   *
   * @param link an existing symbolic link
   * @param target where it points once the step ran
   * @return the step; it ignores the path it is given (the path checked)
   */
  public static Consumer<Path> pointing(Path link, Path target) {
    return checked -> {
      try {
        Files.delete(link);
        Files.createSymbolicLink(link, target);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }
}
