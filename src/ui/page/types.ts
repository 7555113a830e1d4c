/** What every screen of the route registry receives. */
export interface ScreenProps {
  /** The route's path parameters, by name. */
  readonly params: Readonly<Record<string, string>>;
}
