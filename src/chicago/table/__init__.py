"""The application: tables of people and bots stored action by action, and the arena."""
