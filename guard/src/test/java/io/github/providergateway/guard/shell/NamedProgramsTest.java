package io.github.providergateway.guard.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A runner that names the program it runs hands it the words after the name (decision 197): the
 * program is read as a command of its own, after the runner; an SDK's own command runs none.
 */
class NamedProgramsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          dotnet tool run abigw -- entry list --env PROD      → abigw entry list --env PROD
          dotnet tool exec -y --version 2.1 abigw queue list  → abigw queue list
          dnx --yes abigw -- queue list                       → abigw queue list
          dotnet abigw entry list                             → dotnet-abigw entry list
          dotnet script eval 'Console.WriteLine(1)'          → dotnet-script eval Console.WriteLine(1)
          dotnet bin/Release/net8.0/Abigw.dll entry list      → bin/Release/net8.0/Abigw entry list
          dotnet exec --depsfile a.json Abigw.dll entry list  → Abigw entry list
          dotnet run --project tools/Abigw/ -c Release -- entry list → Abigw entry list
          dotnet run -- entry list                            → project-program entry list
          cargo run --release --bin abigw -- entry list       → abigw entry list
          cargo run -- entry list                             → project-program entry list
          cargo +nightly run --bin abigw -- entry list        → abigw entry list
          dnx -v q abigw entry list                           → abigw entry list
          go run -tags prod ./cmd/abigw entry list            → abigw entry list
          go run main.go util.go entry list                   → main entry list
          go run example.com/tools/abigw@v1.2.0 entry list    → abigw entry list
          java -Xmx1g -jar tools/abigw.jar entry list         → tools/abigw entry list
          java -cp lib/a.jar com.acme.Abigw entry list        → Abigw entry list
          java -m acme.tools/com.acme.Abigw entry list        → com.acme.Abigw entry list
          java -jar "$JAR" entry list                         → project-program entry list
          """)
  void theNamedProgramRunsWithTheWordsAfterItsName(String command, String expected)
      throws Exception {
    assertThat(ran(command)).contains(expected.strip());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          dotnet build -c Release
          dotnet test tests/Broker.Tests
          dotnet tool restore
          dotnet tool list --local
          dotnet --info
          cargo build --release
          cargo run --release
          go build ./...
          java -version
          """)
  void anSdksOwnCommandRunsNoOtherProgram(String command) throws Exception {
    assertThat(ran(command)).hasSize(1);
  }

  /** The programs the command runs, each as its words joined. */
  private static List<String> ran(String command) throws Exception {
    return ShellParser.parse(command.strip()).invocations().stream()
        .map(i -> i.words().stream().map(Word::text).collect(Collectors.joining(" ")))
        .collect(Collectors.toList());
  }
}
