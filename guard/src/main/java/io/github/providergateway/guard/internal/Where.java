package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The named predicates a rule's when clause may ask for ({@code "where": "refspec-forced"}): what
 * the book's data cannot say (a refspec's {@code +}, a setting's value, a script's lines), each in
 * Java under one name. A name the book uses and this table lacks fails the catalogue's checks, at
 * the first guard (BookRules).
 */
final class Where {
  /**
   * A predicate over one program as a clause read it. It reads the call and the program, never the
   * rules found so far, so that a group may try its clauses in any order ({@link PlacedSteps}); one
   * that does is in a group tried program by program ({@link BookRules#afterTheOthers}).
   *
   * <p>Implemented by the classes that hold the knowledge ({@link GitPredicates}).
   */
  @FunctionalInterface
  interface Predicate {
    /**
     * Whether it holds.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments, options read as the clause's values say
     * @return whether the predicate holds
     */
    boolean test(Scan scan, Step step, Read read);
  }

  /**
   * A predicate over the whole call, for a clause asked once of it ({@code "call": true}): what it
   * found, as the reason shows it.
   *
   * <p>Implemented by the classes that hold the knowledge ({@link SystemPredicates}).
   */
  @FunctionalInterface
  interface CallPredicate {
    /**
     * What the call holds that the predicate looks for.
     *
     * @param scan the call
     * @return what was found, as the reason shows it, or {@code null} for nothing
     */
    String found(Scan scan);
  }

  /**
   * A predicate that finds paths among a program's arguments ({@code names-disk}): the rule is
   * found once for each, as the reason shows it (with the path on the disk it stands for).
   *
   * <p>Implemented by the classes that hold the knowledge ({@link DiskPredicates}).
   */
  @FunctionalInterface
  interface Paths {
    /**
     * The paths the predicate finds.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments
     * @return the paths; empty where it does not hold
     */
    List<Target> found(Scan scan, Step step, Read read);
  }

  /**
   * A program as a clause reads it: its options read at the first asking, as most predicates over
   * any program ({@code "program": "*"}) never ask.
   */
  static final class Read {
    private final String subcommand;
    private final List<Word> args;

    /**
     * What reads the options, or {@code null} where {@link #words} are read with {@link #values}.
     */
    private final Supplier<Argv> reading;

    /**
     * The words read for the options, with the options that take a value; {@code reading}'s none.
     */
    private final List<Word> words;

    private final List<String> values;

    private Argv argv;

    /**
     * A program's reading.
     *
     * @param subcommand the subcommand, or the empty string
     * @param args the words after the subcommand
     * @param argv those words' options and positionals, read when asked
     */
    Read(String subcommand, List<Word> args, Supplier<Argv> argv) {
      this.subcommand = subcommand;
      this.args = args;
      this.reading = argv;
      this.words = null;
      this.values = null;
    }

    /**
     * A program's reading whose options are read from words with the options that take a value
     * ({@link StepReadings#argv}): a long command makes one for each of its programs, with no
     * function to carry.
     *
     * @param subcommand the subcommand, or the empty string
     * @param args the words after the subcommand
     * @param words the words read for the options ({@code args}, or them after a {@code --})
     * @param values the options that take a value
     */
    Read(String subcommand, List<Word> args, List<Word> words, List<String> values) {
      this.subcommand = subcommand;
      this.args = args;
      this.reading = null;
      this.words = words;
      this.values = values;
    }

    /** {@return the subcommand, or the empty string} */
    String subcommand() {
      return subcommand;
    }

    /** {@return the words after the subcommand} */
    List<Word> args() {
      return args;
    }

    /** {@return those words' options and positionals, read as the clause's values say} */
    Argv argv() {
      if (argv == null) {
        argv = reading != null ? reading.get() : StepReadings.argv(words, values);
      }
      return argv;
    }
  }

  /**
   * What a reader makes of a program: the effect a predicate of several compares with.
   *
   * @param <T> what it makes of it
   */
  @FunctionalInterface
  interface Reading<T> {
    /**
     * Reads a program.
     *
     * @param scan the call
     * @param step the program
     * @param read its subcommand's arguments
     * @return what it makes of it
     */
    T of(Scan scan, Step step, Read read);
  }

  /**
   * Adds a predicate a name, each holding where the reading of a program is the name's value
   * ({@code terraform-destroys} where {@link TerraformPlans#effect} is {@code DESTROY}).
   *
   * @param named the predicates by name
   * @param values each name's value
   * @param reading the reading
   * @param <T> what the reading makes of a program
   */
  static <T> void byValue(Map<String, Predicate> named, Map<String, T> values, Reading<T> reading) {
    values.forEach(
        (name, value) ->
            named.put(name, (scan, step, read) -> reading.of(scan, step, read) == value));
  }

  /** How many sources {@link #fill} numbers. */
  static final int SOURCES = 155;

  /**
   * Fills one source's predicates into the tables (decision 329): the code of each family of
   * predicates that names its own, numbered in the order the table was filled when it was made
   * whole (the paths', the calls', the programs'), so that the index lists the names in that order.
   * A switch, not a list of functions: each source's lambdas are linked only when one of its names
   * is first asked ({@link PredicateTable}).
   *
   * @param source the source's number, below {@link #SOURCES}
   * @param tables the tables it fills
   */
  static void fill(int source, PredicateTable.Tables tables) {
    switch (source) {
      case 0 -> DiskPredicates.addPathsTo(tables.onPaths());
      case 1 -> SystemPredicates.addCallsTo(tables.onCall());
      case 2 -> DeferredPredicates.addCallsTo(tables.onCall());
      case 3 -> ToolPredicates.addCallsTo(tables.onCall());
      case 4 -> LeakPredicates.addCallsTo(tables.onCall());
      case 5 -> ActsPredicates.addCallsTo(tables.onCall());
      case 6 -> PersonalData.addCallsTo(tables.onCall());
      case 7 -> PrivacyPredicates.addCallsTo(tables.onCall());
      case 8 -> WeakenPredicates.addCallsTo(tables.onCall());
      case 9 -> LoosenedEdits.addCallsTo(tables.onCall());
      case 10 -> DeployedConfigEdits.addCallsTo(tables.onCall()); // decision 309
      case 11 -> OrgDirectories.addCallsTo(tables.onCall());
      case 12 -> HardwarePredicates.addCallsTo(tables.onCall());
      case 13 -> PlantPredicates.addCallsTo(tables.onCall());
      case 14 -> LabPredicates.addCallsTo(tables.onCall());
      case 15 -> MaintainerPredicates.addCallsTo(tables.onCall());
      case 16 -> LogisticsPredicates.addCallsTo(tables.onCall());
      case 17 -> SaasPredicates.addCallsTo(tables.onCall());
      case 18 -> CustomerPredicates.addCallsTo(tables.onCall());
      case 19 -> ReleasePredicates.addCallsTo(tables.onCall());
      case 20 -> LiveOps.addCallsTo(tables.onCall());
      case 21 -> Depots.addCallsTo(tables.onCall());
      case 22 -> SharedSystems.addCallsTo(tables.onCall());
      case 23 -> WebLookups.addCallsTo(tables.onCall());
      case 24 -> SafeguardPredicates.addCallsTo(tables.onCall());
      case 25 -> ChainPredicates.addCallsTo(tables.onCall());
      case 26 -> ClinicalPredicates.addCallsTo(tables.onCall());
      case 27 -> RegulatedData.addCallsTo(tables.onCall());
      case 28 -> MoneyPredicates.addCallsTo(tables.onCall());
      case 29 -> LandPredicates.addCallsTo(tables.onCall());
      case 30 -> ApplePredicates.addCallsTo(tables.onCall());
      case 31 -> WindowsPredicates.addCallsTo(tables.onCall());
      case 32 -> ToolingPredicates.addCallsTo(tables.onCall());
      case 33 -> CopiesPredicates.addCallsTo(tables.onCall());
      case 34 -> DesktopPredicates.addCallsTo(tables.onCall());
      case 35 -> DatabasePredicates.addCallsTo(tables.onCall());
      case 36 -> RecordsPredicates.addCallsTo(tables.onCall());
      case 37 -> TelephonyActs.addCallsTo(tables.onCall());
      case 38 -> NetworkDevices.addCallsTo(tables.onCall());
      case 39 -> BootPredicates.addCallsTo(tables.onCall());
      case 40 -> CommercePredicates.addCallsTo(tables.onCall());
      case 41 -> ShapeObjectPredicates.addCallsTo(tables.onCall());
      case 42 -> PeoplePredicates.addCallsTo(tables.onCall());
      case 43 -> NewsroomPredicates.addCallsTo(tables.onCall());
      case 44 -> RawProtocolSends.addCallsTo(tables.onCall());
      case 45 -> AssembledWords.addCallsTo(tables.onCall());
      case 46 -> ProductionConfigWrites.addCallsTo(tables.onCall());
      case 47 -> ProductionDefaults.addCallsTo(tables.onCall());
      case 48 -> OperationsPredicates.addCallsTo(tables.onCall());
      case 49 -> RehearsalSends.addCallsTo(tables.onCall());
      case 50 -> GitPredicates.addTo(tables.named());
      case 51 -> TagsPushed.addTo(tables.named());
      case 52 -> BuildPublishes.addTo(tables.named());
      case 53 -> SystemPredicates.addTo(tables.named());
      case 54 -> PersistPredicates.addTo(tables.named());
      case 55 -> PrintedSecretPredicates.addTo(tables.named());
      case 56 -> SecretPredicates.addTo(tables.named());
      case 57 -> InfraPredicates.addTo(tables.named());
      case 58 -> DataPredicates.addTo(tables.named());
      case 59 -> CloudPredicates.addTo(tables.named());
      case 60 -> RemotePredicates.addTo(tables.named());
      case 61 -> ExecPredicates.addTo(tables.named());
      case 62 -> HostingRules.addTo(tables.named());
      case 63 -> DiskPredicates.addTo(tables.named());
      case 64 -> OutPredicates.addTo(tables.named());
      case 65 -> KeyShareExports.addTo(tables.named());
      case 66 -> PersonLookups.addTo(tables.named());
      case 67 -> ProductionPredicates.addTo(tables.named());
      case 68 -> ProductionConfigWrites.addTo(tables.named());
      case 69 -> ProductionDefaults.addTo(tables.named());
      case 70 -> ProductionWrites.addTo(tables.named());
      case 71 -> ProductionAdminActs.addTo(tables.named());
      case 72 -> StreamTargets.addTo(tables.named());
      case 73 -> MachinePredicates.addTo(tables.named());
      case 74 -> DesktopPredicates.addTo(tables.named());
      case 75 -> DeviceIndirection.addTo(tables.named());
      case 76 -> SystemFileWrites.addTo(tables.named());
      case 77 -> SupplyPredicates.addTo(tables.named());
      case 78 -> FedFromNetwork.addTo(tables.named());
      case 79 -> CheckPredicates.addTo(tables.named());
      case 80 -> LeakPredicates.addTo(tables.named());
      case 81 -> AccessGrants.addTo(tables.named());
      case 82 -> ActsPredicates.addTo(tables.named());
      case 83 -> PersonalData.addTo(tables.named());
      case 84 -> AttackPredicates.addTo(tables.named());
      case 85 -> PrivacyPredicates.addTo(tables.named());
      case 86 -> PersonPredicates.addTo(tables.named());
      case 87 -> ServiceVerbs.addTo(tables.named());
      case 88 -> ActingVerbs.addTo(tables.named());
      case 89 -> UnjudgedVerbs.addTo(tables.named());
      case 90 -> SharedSystems.addTo(tables.named());
      case 91 -> LoosenedEdits.addTo(tables.named());
      case 92 -> LiveKeys.addTo(tables.named());
      case 93 -> ExposureSpellings.addTo(tables.named());
      case 94 -> SupplySpellings.addTo(tables.named());
      case 95 -> OutSpellings.addTo(tables.named());
      case 96 -> ForgeSpellings.addTo(tables.named());
      case 97 -> AccessSpellings.addTo(tables.named());
      case 98 -> SecretSpellings.addTo(tables.named());
      case 99 -> MachineSpellings.addTo(tables.named());
      case 100 -> DevicePredicates.addTo(tables.named());
      case 101 -> GpuPredicates.addTo(tables.named());
      case 102 -> HardwarePredicates.addTo(tables.named());
      case 103 -> PlantPredicates.addTo(tables.named());
      case 104 -> LabPredicates.addTo(tables.named());
      case 105 -> SystemUnitsStopped.addTo(tables.named());
      case 106 -> TransferDeletes.addTo(tables.named());
      case 107 -> MaintainerPredicates.addTo(tables.named());
      case 108 -> LogisticsPredicates.addTo(tables.named());
      case 109 -> WeakenPredicates.addTo(tables.named());
      case 110 -> SafeguardPredicates.addTo(tables.named());
      case 111 -> OrgDirectories.addTo(tables.named());
      case 112 -> OrgMail.addTo(tables.named());
      case 113 -> CommandLineMail.addTo(tables.named());
      case 114 -> FirewallOpenings.addTo(tables.named());
      case 115 -> DirectoryApis.addTo(tables.named());
      case 116 -> SaasPredicates.addTo(tables.named());
      case 117 -> SaasApis.addTo(tables.named());
      case 118 -> CustomerPredicates.addTo(tables.named());
      case 119 -> DeferredPredicates.addTo(tables.named());
      case 120 -> PlatformPredicates.addTo(tables.named());
      case 121 -> AudiencePredicates.addTo(tables.named());
      case 122 -> SearchIndexes.addTo(tables.named());
      case 123 -> TamperPredicates.addTo(tables.named());
      case 124 -> ReleasePredicates.addTo(tables.named());
      case 125 -> LiveOps.addTo(tables.named());
      case 126 -> Depots.addTo(tables.named());
      case 127 -> ChainPredicates.addTo(tables.named());
      case 128 -> ProjectCommands.addTo(tables.named());
      case 129 -> ProductionConsoles.addTo(tables.named());
      case 130 -> PlatformScaling.addTo(tables.named());
      case 131 -> LifecycleRulesSet.addTo(tables.named());
      case 132 -> ClinicalPredicates.addTo(tables.named());
      case 133 -> RegulatedData.addTo(tables.named());
      case 134 -> MoneyPredicates.addTo(tables.named());
      case 135 -> LandPredicates.addTo(tables.named());
      case 136 -> ApplePredicates.addTo(tables.named());
      case 137 -> WindowsPredicates.addTo(tables.named());
      case 138 -> ToolingPredicates.addTo(tables.named());
      case 139 -> OperationsPredicates.addTo(tables.named());
      case 140 -> CopiesPredicates.addTo(tables.named());
      case 141 -> DatabasePredicates.addTo(tables.named());
      case 142 -> NetworkDevices.addTo(tables.named());
      case 143 -> SharedActs.addTo(tables.named());
      case 144 -> ownTo(tables.named());
      case 145 -> BootPredicates.addTo(tables.named());
      case 146 -> ShapeObjectPredicates.addTo(tables.named());
      case 147 -> HousePredicates.addCallsTo(tables.onCall());
      case 148 -> HousePredicates.addTo(tables.named());
      case 149 -> CompanyActsPredicates.addCallsTo(tables.onCall()); // session 17
      case 150 -> CompanyActsPredicates.addTo(tables.named());
      case 151 -> DeskPredicates.addCallsTo(tables.onCall());
      case 152 -> DeskPredicates.addTo(tables.named());
      case 153 -> OpsPredicates.addCallsTo(tables.onCall()); // session 18
      case 154 -> OpsPredicates.addTo(tables.named());
      default -> throw new IllegalArgumentException("no predicate source " + source);
    }
  }

  /** The predicates named here rather than by a family's code. */
  private static void ownTo(Map<String, Predicate> named) {
    // a tool no family names: tried on no program a family names (UnnamedToolActs.unnamed)
    named.put(
        "shape-unnamed-tool-acts",
        new ProgramNames(
            UnnamedToolActs::unnamedName, (scan, step, read) -> UnnamedToolActs.acts(scan, step)));
    named.put(
        "shape-company-tool-command",
        new ProgramNames(
            UnnamedToolActs::unnamedName,
            (scan, step, read) -> UnnamedToolActs.commandGuessed(scan, step)));
    named.put("container-task-acts", (scan, step, read) -> ContainerTasks.acts(scan, step));
    named.put("run-told-live", (scan, step, read) -> RunToldLive.told(scan, step)); // d. 308
    named.put( // decision 310
        "live-setting-off", (scan, step, read) -> LiveSettingsOff.turnedOff(scan, step));
    named.put("model-given-records", (scan, step, read) -> RecordsHandedOn.toModel(scan, step));
    named.put("tracker-given-records", (scan, step, read) -> RecordsHandedOn.toTracker(scan, step));
    named.put(
        "company-tool-reveals-secret", // decision 307
        new ProgramNames(
            UnnamedToolActs::unnamedName,
            (scan, step, read) -> CompanySecretReveals.reveals(scan, step)));
    named.put("current-cluster-emptied", (scan, step, read) -> CurrentClusterEmptied.emptied(step));
    named.put(
        "opens-control-plane",
        (scan, step, read) -> OpenControlPlanes.opens(step.program(), step.args()));
  }

  /** The named predicates, made a source at a time as their names are first asked. */
  private static final PredicateTable TABLE = PredicateTable.built();

  private Where() {}

  /**
   * {@return every predicate's name, of a program's and of a call's} One set, read from the index:
   * the catalogue asks it of each of the book's two thousand clauses, and no predicate is made for
   * it.
   */
  static Set<String> names() {
    return TABLE.names();
  }

  /**
   * Whether a name is a predicate that finds paths.
   *
   * @param name the name
   * @return whether it is
   */
  static boolean findsPaths(String name) {
    return TABLE.kindOf(name) == PredicateTable.Kind.PATHS;
  }

  /**
   * The path predicate of a name, its source made if it is the first asked.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named, or its source could not be made
   */
  static Paths ofPaths(String name) {
    return TABLE.ofPaths(name);
  }

  /**
   * Whether a name is a predicate of the whole call's, not of a program's.
   *
   * @param name the name
   * @return whether it is
   */
  static boolean onCall(String name) {
    return TABLE.kindOf(name) == PredicateTable.Kind.CALL;
  }

  /**
   * The call predicate of a name, its source made if it is the first asked.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named, or its source could not be made
   */
  static CallPredicate ofCall(String name) {
    return TABLE.ofCall(name);
  }

  /**
   * Makes every source not made yet, one at a time, until {@code stop} says to.
   *
   * @param stop asked before each source
   */
  static void makeEvery(java.util.function.BooleanSupplier stop) {
    TABLE.makeEvery(stop);
  }

  /**
   * The predicate of a name, its source made if it is the first asked.
   *
   * @param name its name
   * @return the predicate
   * @throws IllegalStateException when none is so named, or its source could not be made
   */
  static Predicate named(String name) {
    return TABLE.named(name);
  }
}
