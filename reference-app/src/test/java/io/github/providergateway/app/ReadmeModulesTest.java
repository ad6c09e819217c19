package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's table from artifacts to Java modules (issue 49: module names differ from artifact
 * names) says what each library's {@code module-info.java} says, and leaves none out.
 */
class ReadmeModulesTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern PAIR =
      Pattern.compile("\\| `([a-z-]+)` \\| `(io\\.github\\.providergateway[a-z.]*)` \\|");
  private static final Pattern MODULE =
      Pattern.compile("(?m)^(?:open )?module (io\\.github\\.providergateway[a-z.]*) \\{");

  @Test
  void everyLibraryModuleIsInTheTableUnderItsOwnName() throws IOException {
    Map<String, String> table = new TreeMap<>();
    Matcher pair = PAIR.matcher(Files.readString(ROOT.resolve("README.md")));
    while (pair.find()) {
      table.put(pair.group(1), pair.group(2));
    }
    Map<String, String> declared = new TreeMap<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path module : modules.toList()) {
        Path info = module.resolve("src/main/java/module-info.java");
        if (Files.isRegularFile(info)) {
          Matcher name = MODULE.matcher(Files.readString(info));
          assertThat(name.find()).as(info.toString()).isTrue();
          declared.put(module.getFileName().toString(), name.group(1));
        }
      }
    }

    assertThat(declared).isNotEmpty();
    assertThat(table).isEqualTo(declared);
  }
}
