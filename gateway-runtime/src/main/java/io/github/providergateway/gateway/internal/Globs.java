package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;

/**
 * The {@code match.file} glob of hook rules (architecture, decision 24): tested against the first
 * of the {@code path}, {@code file} and {@code filePath} string arguments the call has. A glob
 * without {@code /} matches the file's name wherever it is ({@code *.sql} matches {@code
 * db/migrations/001.sql}); one with {@code /} matches the whole path. {@code *} stays within one
 * path segment, {@code **} crosses segments.
 */
final class Globs {

  private static final List<String> FILE_ARGUMENTS = List.of("path", "file", "filePath");

  private Globs() {}

  static boolean matchesFileArgument(String glob, JsonNode args) {
    String file = null;
    for (String name : FILE_ARGUMENTS) {
      JsonNode value = args.get(name);
      if (value != null && value.isTextual()) {
        file = value.textValue();
        break;
      }
    }
    if (file == null) {
      return false;
    }
    return matches(glob, file);
  }

  /** Whether {@code glob} is a valid glob. */
  static boolean isValid(String glob) {
    try {
      FileSystems.getDefault().getPathMatcher("glob:" + glob);
      return true;
    } catch (IllegalArgumentException invalid) {
      return false;
    }
  }

  static boolean matches(String glob, String file) {
    PathMatcher matcher;
    try {
      matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    } catch (IllegalArgumentException invalid) {
      return false;
    }
    String normalized = file.replace('\\', '/');
    String tested = glob.contains("/") ? normalized : normalized.substring(normalized.lastIndexOf('/') + 1);
    try {
      return matcher.matches(Path.of(tested));
    } catch (java.nio.file.InvalidPathException unusable) {
      return false; // e.g. a NUL in the argument: no file, so no match
    }
  }
}
