package io.github.providergateway.guard.internal;

import java.nio.file.Path;

/**
 * A path a command names, resolved as far as the guard can without touching the disk.
 *
 * @param raw the word as the parse gave it
 * @param path the absolute, normalised path; for a glob, the folder it lists; {@code null} when the
 *     guard cannot know it ({@code $DIR}, a relative path with no known folder)
 * @param contents whether the word is a glob over what {@code path} holds ({@code /*}, {@code
 *     ./build/*}) rather than {@code path} itself
 * @param glob the absolute glob the word expands, or {@code null} when it is no glob
 */
public record Target(String raw, Path path, boolean contents, String glob) {

  /** {@return whether the guard knows where this is} */
  public boolean known() {
    return path != null;
  }

  /** {@return the file's name, or the empty string for the root or an unknown path} */
  public String name() {
    if (path == null || path.getFileName() == null) {
      return "";
    }
    return path.getFileName().toString();
  }
}
